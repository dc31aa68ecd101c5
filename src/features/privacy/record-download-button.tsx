import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { downloadStudentRecord, downloadStudentRecordWorkbook } from './privacy-calls';

const FORMATS = ['json', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];

/**
 * Saves a student's whole record (GDPR Art. 20) as a JSON file or an Excel workbook, side by side; online
 * only, a failure says why. `own`: the student's own screen ("my data"), else an admin's ("the record").
 */
export function RecordDownloadButtons({
  studentId,
  own,
}: {
  studentId: string | null | undefined;
  own: boolean;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<Format | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const labels: Record<Format, string> = own
    ? { json: t`Download my data (JSON)`, xlsx: t`Download my data (Excel)` }
    : { json: t`Download the record (JSON)`, xlsx: t`Download the record (Excel)` };
  const download = async (format: Format) => {
    if (!studentId) return;
    setBusy(format);
    setProblem(null);
    try {
      const outcome =
        format === 'json'
          ? await downloadStudentRecord(studentId)
          : await downloadStudentRecordWorkbook(studentId, i18n);
      if (!outcome.ok) setProblem(errorMessage(i18n, outcome.failure.code));
    } catch {
      setProblem(t`The Excel file could not be made.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2">
        {FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            busy={busy === format}
            disabled={!studentId || busy !== null}
            onClick={() => void download(format)}
          >
            {labels[format]}
          </Button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <p className="text-xs text-slate-500">
        <Trans>
          Every table that names the student, the access log included: a JSON file, or an Excel workbook with
          one sheet per table.
        </Trans>
      </p>
    </div>
  );
}
