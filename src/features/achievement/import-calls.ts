import { CSRF_HEADER } from '../../../domain/auth';
import {
  type ScoreImportPreview,
  scoreImportPreviewSchema,
  scoreImportResponseSchema,
} from '../../../domain/schemas/achievement';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import { readCsrfCookie, readResponse } from '../../sync/http';
import { type OnlineResult, onlineCall } from '../shared/online-call';

/** The outcome of an import call: its answer, or the first error code to translate (and where it was). */
export type ImportResult<T> = OnlineResult<T>;

async function send(path: string, file: File): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': XLSX_MIME_TYPE, [CSRF_HEADER]: readCsrfCookie() ?? '' },
    body: file,
  });
  return readResponse(response);
}

// A proxy's 413 comes without a code.
const run = <T>(parse: (value: unknown) => T, call: () => Promise<unknown>): Promise<ImportResult<T>> =>
  onlineCall(async () => parse(await call()), { 413: 'import_too_large' });

/** `POST /api/achievement/import/{subjectClassId}/preview`: what the sheet would write, nothing written. */
export function previewImport(classId: string, file: File): Promise<ImportResult<ScoreImportPreview>> {
  return run(
    (value) => scoreImportPreviewSchema.parse(value),
    () => send(`/api/achievement/import/${classId}/preview`, file),
  );
}

/** `POST /api/achievement/import/{subjectClassId}`: writes the sheet's scores in one transaction. */
export function commitImport(classId: string, file: File): Promise<ImportResult<{ written: number }>> {
  return run(
    (value) => scoreImportResponseSchema.parse(value),
    () => send(`/api/achievement/import/${classId}`, file),
  );
}
