import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../domain/limits';
import { XLSX_MIME_TYPE } from '../../domain/validation';

/**
 * Lets the routes of one plugin take an xlsx file as the raw body (score and ranking imports): Fastify answers
 * 413 above the import limit before reading further; the zip is checked before anything is unpacked.
 */
export function acceptXlsxUploads(app: FastifyInstance): void {
  app.addContentTypeParser(
    XLSX_MIME_TYPE,
    { parseAs: 'buffer', bodyLimit: LIMITS.importMaxBytes },
    (_request, body, done) => done(null, body),
  );
}

/** An uploaded file's bytes (empty when the body was not a file, which the import then refuses). */
export function uploadedBytes(body: unknown): Uint8Array {
  return body instanceof Uint8Array ? body : new Uint8Array();
}
