import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { downloadStudentRecord } from './privacy-calls';

/** Saves a student's whole record as a JSON file (GDPR Art. 20); online only, a failure says why. */
export function RecordDownloadButton({
  studentId,
  label,
}: {
  studentId: string | null | undefined;
  label: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    if (!studentId) return;
    setBusy(true);
    setProblem(null);
    const outcome = await downloadStudentRecord(studentId);
    setBusy(false);
    if (!outcome.ok) setProblem(errorMessage(i18n, outcome.failure.code));
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" busy={busy} disabled={!studentId} onClick={() => void download()}>
        {label}
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <p className="text-xs text-slate-500">
        <Trans>A JSON file of every table that names the student, the access log included.</Trans>
      </p>
    </div>
  );
}
