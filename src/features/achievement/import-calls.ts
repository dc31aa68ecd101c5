import type { ScoreImportPreview } from '../../../domain/schemas/achievement';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import { type CallResult, callApi } from '../../api/call-api';

/** The outcome of an import call: its answer, or the first error code to translate (and where it was). */
export type ImportResult<T> = CallResult<T>;

// A proxy's 413 comes without a code.
const options = { statusCodes: { 413: 'import_too_large' } };

/** `POST /api/achievement/import/{subjectClassId}/preview`: what the sheet would write, nothing written. */
export function previewImport(classId: string, file: File): Promise<ImportResult<ScoreImportPreview>> {
  return callApi(
    'POST /api/achievement/import/:subjectClassId/preview',
    { params: { subjectClassId: classId }, upload: { file, contentType: XLSX_MIME_TYPE } },
    options,
  );
}

/** `POST /api/achievement/import/{subjectClassId}`: writes the sheet's scores in one transaction. */
export function commitImport(classId: string, file: File): Promise<ImportResult<{ written: number }>> {
  return callApi(
    'POST /api/achievement/import/:subjectClassId',
    { params: { subjectClassId: classId }, upload: { file, contentType: XLSX_MIME_TYPE } },
    options,
  );
}
