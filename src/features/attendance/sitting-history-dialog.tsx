import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AttendanceStatus } from '../../../domain/attendance';
import type { AttendanceHistoryEntry } from '../../../domain/schemas/attendance';
import { type CallResult, callApi } from '../../api/call-api';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { ErrorNote } from '../../ui/error-note';
import { Spinner } from '../../ui/spinner';
import type { SheetColumn } from './attendance-sheet';

/** `GET /api/attendance/history/{scheduleId}`: every change to the marks of one sitting, oldest first. */
export async function loadSittingHistory(scheduleId: string): Promise<CallResult<AttendanceHistoryEntry[]>> {
  const result = await callApi('GET /api/attendance/history/:scheduleId', { params: { scheduleId } });
  return result.ok ? { ok: true, value: result.value.history } : result;
}

/**
 * The changes to the marks of one sitting, newest first: when, who, which student, the status before and after,
 * the reasons and comment when they changed, whether the change was made offline, and the request whose
 * acceptance made it ("by request", linking to the request). The history lives on the server only (devices
 * keep the marks, not their past), so it needs a connection.
 */
export function SittingHistoryDialog({
  column,
  studentNames,
  online,
  onClose,
  load = loadSittingHistory,
}: {
  column: SheetColumn | null;
  /** Each class student's name, by class student id. */
  studentNames: ReadonlyMap<string, string>;
  online: boolean;
  onClose: () => void;
  load?: typeof loadSittingHistory;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  return (
    <Dialog
      open={column !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        column
          ? t`History of ${formatDate(column.day, locale)} ${column.startTime} ${column.lessonName}`
          : t`History`
      }
    >
      {column &&
        (online ? (
          <HistoryList key={column.id} scheduleId={column.id} studentNames={studentNames} load={load} />
        ) : (
          <p role="alert" className="text-sm text-amber-900">
            {t`The history of changes is kept on the server: it shows again when you are online.`}
          </p>
        ))}
    </Dialog>
  );
}

function HistoryList({
  scheduleId,
  studentNames,
  load,
}: {
  scheduleId: string;
  studentNames: ReadonlyMap<string, string>;
  load: typeof loadSittingHistory;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const [entries, setEntries] = useState<AttendanceHistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void load(scheduleId).then((answer) => {
      if (!current) return;
      if (answer.ok) setEntries([...answer.value].reverse());
      else setError(errorMessage(i18n, answer.failure.code));
    });
    return () => {
      current = false;
    };
  }, [load, scheduleId, i18n]);

  const status = (value: AttendanceStatus | null) =>
    value === null ? t`Not entered` : i18n._(STATUS_LABELS[value]);

  if (error) {
    return <ErrorNote>{error}</ErrorNote>;
  }
  if (!entries) return <Spinner label={t`Loading the history…`} />;
  if (entries.length === 0)
    return <p className="text-sm text-slate-600">{t`No mark of this sitting has changed yet.`}</p>;
  return (
    <ol className="space-y-3 text-sm" aria-label={t`Changes, newest first`}>
      {entries.map((entry) => {
        const student = studentNames.get(entry.class_student_id) ?? t`A student no longer in this class`;
        return (
          <li
            key={`${entry.attendance_id}:${entry.changed_at}`}
            className="rounded border border-slate-200 p-2"
            data-request={entry.request_id ?? undefined}
          >
            <div className="flex flex-wrap gap-x-2 text-xs text-slate-600">
              <time dateTime={entry.changed_at}>{formatDate(entry.changed_at, locale, 'dateTime')}</time>
              <span>{entry.changed_by_name}</span>
              {entry.offline && <span className="rounded bg-slate-100 px-1">{t`entered offline`}</span>}
            </div>
            <p className="font-medium">
              {student}: {status(entry.old_status)} → {status(entry.new_status)}
            </p>
            {entry.old_absence_reasons !== entry.new_absence_reasons && (
              <p className="text-slate-700">
                {t`Reasons`}: {entry.old_absence_reasons || '—'} → {entry.new_absence_reasons || '—'}
              </p>
            )}
            {entry.old_comment !== entry.new_comment && (
              <p className="text-slate-700">
                {t`Comment`}: {entry.old_comment || '—'} → {entry.new_comment || '—'}
              </p>
            )}
            {entry.request_id && (
              <Link
                to="/requests/$requestId"
                params={{ requestId: entry.request_id }}
                className="text-blue-800 underline"
              >
                {t`By the student's request: open it`}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
