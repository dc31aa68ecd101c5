import { CSRF_HEADER } from '../../../domain/auth';
import {
  type ScoreImportPreview,
  scoreImportPreviewSchema,
  scoreImportResponseSchema,
} from '../../../domain/schemas/achievement';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import { HttpError, readCsrfCookie, readResponse } from '../../sync/http';

/** The outcome of an import call: its answer, or the first error code to translate (and where it was). */
export type ImportResult<T> = { ok: true; value: T } | { ok: false; code: string; field?: string };

async function send(path: string, file: File): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': XLSX_MIME_TYPE, [CSRF_HEADER]: readCsrfCookie() ?? '' },
    body: file,
  });
  return readResponse(response);
}

async function run<T>(parse: (value: unknown) => T, call: () => Promise<unknown>): Promise<ImportResult<T>> {
  if (!navigator.onLine) return { ok: false, code: 'offline_now' };
  try {
    return { ok: true, value: parse(await call()) };
  } catch (error) {
    if (!(error instanceof HttpError)) return { ok: false, code: 'network_error' };
    if (error.status === 413) return { ok: false, code: 'import_too_large' };
    const [field, codes] = Object.entries(error.body?.errors ?? {})[0] ?? [];
    const code = codes?.[0];
    return code
      ? { ok: false, code, ...(field ? { field } : {}) }
      : { ok: false, code: error.code ?? 'internal_error' };
  }
}

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
