import { useLingui } from '@lingui/react/macro';
import type { AttendanceStatus } from '../../../domain/attendance';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { cn } from '../../ui/cn';
import { STATUS_ORDER } from './attendance-labels';
import type { Sheet, SheetCell, SheetRow } from './attendance-sheet';

/**
 * The roll of one sitting, opened from "my day" or a calendar (`?schedule=`): one line per student with a
 * button per status, so a teacher on a phone marks a student with one tap instead of finding the column in
 * the grid. It writes through the same command as the grid. Nothing shows when the sitting is not a column.
 */
export function SittingRoll({
  sheet,
  scheduleId,
  onStatus,
}: {
  sheet: Sheet;
  scheduleId: string;
  onStatus: (row: SheetRow, cell: SheetCell, status: AttendanceStatus) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const column = sheet.columns.findIndex((candidate) => candidate.id === scheduleId);
  const sitting = sheet.columns[column];
  if (!sitting) return null;
  const title = `${formatDate(sitting.day, locale)} ${sitting.startTime}–${sitting.endTime} ${sitting.lessonName}`;
  return (
    <section aria-label={t`Roll of ${title}`} className="rounded border border-blue-200 bg-blue-50/40 p-2">
      <h2 className="mb-2 text-sm font-semibold">{title}</h2>
      <ul className="flex flex-col gap-2">
        {sheet.rows.map((row) => {
          const cell = row.cells[column];
          if (!cell) return null;
          return (
            <li key={row.classStudentId} className="flex flex-wrap items-center justify-between gap-2">
              <fieldset className="flex w-full flex-wrap items-center justify-between gap-2">
                <legend className="float-left min-w-0 break-words text-sm">{row.name}</legend>
                <span className="flex flex-wrap gap-1">
                  {STATUS_ORDER.map((status) => (
                    <button
                      key={status}
                      type="button"
                      disabled={!sheet.editable}
                      aria-pressed={cell.status === status}
                      className={cn(
                        'h-9 rounded border px-2 text-xs',
                        cell.status === status
                          ? 'border-blue-800 bg-blue-800 text-white'
                          : 'border-slate-300 bg-white text-slate-800',
                      )}
                      onClick={() => onStatus(row, cell, status)}
                    >
                      {i18n._(STATUS_LABELS[status])}
                    </button>
                  ))}
                </span>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
