import { useLingui } from '@lingui/react/macro';
import { memo, useRef } from 'react';
import { AttendanceStatus } from '../../../domain/attendance';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { formatDate } from '../../i18n/format';
import { type Locale, localeOrDefault } from '../../i18n/i18n';
import { cn } from '../../ui/cn';
import { CELL_STATE_LABELS } from './attendance-labels';
import {
  moveFocus,
  type Sheet,
  type SheetCell,
  type SheetColumn,
  type SheetRow,
  statusForKey,
} from './attendance-sheet';

const STATUS_TONE: Record<AttendanceStatus, string> = {
  [AttendanceStatus.present]: 'bg-emerald-50 text-emerald-900',
  [AttendanceStatus.late]: 'bg-amber-50 text-amber-900',
  [AttendanceStatus.unexplainedAbsence]: 'bg-red-50 text-red-900',
  [AttendanceStatus.absent]: 'bg-slate-100 text-slate-800',
};

const STATE_DOT: Record<SheetCell['state'], string> = {
  saved: 'bg-emerald-600',
  waiting: 'bg-amber-500',
  refused: 'bg-red-600',
  empty: 'bg-transparent',
};

/**
 * The students × schedules grid. Each cell is a button: arrows move between cells, 1–4 type a status (and move
 * down, so a column is entered with one key per student), Delete clears; a click selects the cell for the
 * reasons and comment editor. Read-only sheets still move and select, but never write. With `exchange`, an
 * editable sheet offers each student's exchange of attendance (disabled offline: the call needs the server).
 * With `onHistory`, each sitting's heading opens the history of its marks.
 */
export function AttendanceGrid({
  sheet,
  selected,
  onSelect,
  onStatus,
  onMarkAllPresent,
  exchange,
  onHistory,
}: {
  sheet: Sheet;
  selected: { row: number; column: number } | null;
  onSelect: (at: { row: number; column: number }) => void;
  onStatus: (row: SheetRow, cell: SheetCell, status: AttendanceStatus | null) => void;
  onMarkAllPresent: (scheduleId: string) => void;
  exchange?: { online: boolean; onOpen: (row: SheetRow) => void };
  onHistory?: (column: SheetColumn) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const table = useRef<HTMLTableElement>(null);
  const focusCell = (at: { row: number; column: number }) => {
    onSelect(at);
    table.current?.querySelector<HTMLButtonElement>(`[data-cell="${at.row}:${at.column}"]`)?.focus();
  };
  const handlers = useRef<RowHandlers>({ onSelect, onStatus, focusCell, onExchange: exchange?.onOpen });
  handlers.current = { onSelect, onStatus, focusCell, onExchange: exchange?.onOpen };

  return (
    <div className="max-h-[70dvh] overflow-auto rounded border border-slate-200">
      <table ref={table} className="border-collapse text-sm" aria-label={t`Attendance sheet`}>
        <thead className="sticky top-0 z-10 bg-slate-50">
          <tr>
            <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left">
              {t`Student`}
            </th>
            {sheet.columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                data-schedule={column.id}
                className="min-w-32 px-2 py-2 text-left align-top font-medium"
              >
                <div>{formatDate(column.day, locale)}</div>
                <div className="text-xs text-slate-600">
                  {column.startTime}–{column.endTime} {column.lessonName}
                </div>
                {sheet.editable && (
                  <button
                    type="button"
                    className="mt-1 text-xs text-blue-800 underline"
                    onClick={() => onMarkAllPresent(column.id)}
                  >
                    {t`Mark all present`}
                    <span className="sr-only">
                      {' '}
                      {formatDate(column.day, locale)} {column.startTime}
                    </span>
                  </button>
                )}
                {onHistory && (
                  <button
                    type="button"
                    className="mt-1 block text-xs text-blue-800 underline"
                    onClick={() => onHistory(column)}
                  >
                    {t`History`}
                    <span className="sr-only">
                      {' '}
                      {formatDate(column.day, locale)} {column.startTime}
                    </span>
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row, rowIndex) => (
            <AttendanceRow
              key={row.classStudentId}
              row={row}
              rowIndex={rowIndex}
              columns={sheet.columns}
              selectedColumn={selected?.row === rowIndex ? selected.column : null}
              holdsFirstStop={!selected && rowIndex === 0}
              editable={sheet.editable}
              rowCount={sheet.rows.length}
              exchangeOnline={exchange && sheet.editable ? exchange.online : undefined}
              locale={locale}
              handlers={handlers}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The grid's handlers, read at the time of the event: rows that did not re-render still call the latest. */
interface RowHandlers {
  onSelect: (at: { row: number; column: number }) => void;
  onStatus: (row: SheetRow, cell: SheetCell, status: AttendanceStatus | null) => void;
  focusCell: (at: { row: number; column: number }) => void;
  onExchange: ((row: SheetRow) => void) | undefined;
}

interface AttendanceRowProps {
  row: SheetRow;
  rowIndex: number;
  columns: SheetColumn[];
  /** The selected cell's column when it is in this row. */
  selectedColumn: number | null;
  /** Whether this row's first cell is the grid's tab stop (nothing selected yet). */
  holdsFirstStop: boolean;
  editable: boolean;
  rowCount: number;
  /** Whether the exchange button is enabled; undefined: no exchange button. */
  exchangeOnline: boolean | undefined;
  locale: Locale;
  handlers: { current: RowHandlers };
}

function AttendanceRowView({
  row,
  rowIndex,
  columns,
  selectedColumn,
  holdsFirstStop,
  editable,
  rowCount,
  exchangeOnline,
  locale,
  handlers,
}: AttendanceRowProps) {
  const { t, i18n } = useLingui();
  const size = { rows: rowCount, columns: columns.length };
  return (
    <tr className="border-t border-slate-100">
      <th
        scope="row"
        className={cn(
          // Pinned while the sittings scroll sideways, and at most half a phone's width.
          'sticky left-0 z-[1] max-w-[45vw] bg-white px-3 py-1 text-left font-normal break-words sm:max-w-none',
          row.highlighted && 'bg-rose-50 font-semibold text-rose-900',
        )}
      >
        <span className="mr-2 text-xs text-slate-500">{row.identity}</span>
        {row.name}
        {row.highlighted && <span className="sr-only"> ({t`highlighted`})</span>}
        {exchangeOnline !== undefined && (
          <button
            type="button"
            className="ml-2 text-xs text-blue-800 underline disabled:text-slate-400 disabled:no-underline"
            disabled={!exchangeOnline}
            title={exchangeOnline ? undefined : t`Available online only`}
            aria-label={t`Exchange attendance of ${row.name}`}
            onClick={() => handlers.current.onExchange?.(row)}
          >
            {t`Exchange`}
          </button>
        )}
      </th>
      {row.cells.map((cell, columnIndex) => {
        const column = columns[columnIndex];
        const statusText = cell.status === null ? t`Not entered` : i18n._(STATUS_LABELS[cell.status]);
        const isSelected = selectedColumn === columnIndex;
        return (
          <td key={cell.id} className="p-0.5">
            <button
              type="button"
              data-cell={`${rowIndex}:${columnIndex}`}
              tabIndex={isSelected || (holdsFirstStop && columnIndex === 0) ? 0 : -1}
              aria-label={`${row.name} ${column ? formatDate(column.day, locale) : ''} ${column?.startTime ?? ''}`}
              aria-description={`${statusText}, ${i18n._(CELL_STATE_LABELS[cell.state])}`}
              aria-pressed={isSelected}
              data-status={cell.status ?? ''}
              data-state={cell.state}
              className={cn(
                'flex h-9 w-full min-w-28 items-center justify-between gap-1 rounded px-2 text-left text-xs',
                cell.status === null ? 'text-slate-600' : STATUS_TONE[cell.status],
                isSelected && 'outline-2 outline-blue-700',
              )}
              onClick={() => handlers.current.onSelect({ row: rowIndex, column: columnIndex })}
              onKeyDown={(event) => {
                const moved = moveFocus(event.key, { row: rowIndex, column: columnIndex }, size);
                if (moved) {
                  event.preventDefault();
                  handlers.current.focusCell(moved);
                  return;
                }
                const status = statusForKey(event.key);
                if (status === undefined || !editable) return;
                event.preventDefault();
                handlers.current.onStatus(row, cell, status);
                handlers.current.focusCell(
                  moveFocus('ArrowDown', { row: rowIndex, column: columnIndex }, size) ?? {
                    row: rowIndex,
                    column: columnIndex,
                  },
                );
              }}
            >
              <span>
                {statusText}
                {(cell.comment || cell.absenceReasons) && <span aria-hidden="true"> ✎</span>}
              </span>
              <span
                className={cn('size-2 shrink-0 rounded-full', STATE_DOT[cell.state])}
                title={i18n._(CELL_STATE_LABELS[cell.state])}
              />
            </button>
          </td>
        );
      })}
    </tr>
  );
}

/** Whether two cells show the same. */
function sameCell(a: SheetCell, b: SheetCell): boolean {
  return (
    a.id === b.id &&
    a.status === b.status &&
    a.state === b.state &&
    a.comment === b.comment &&
    a.absenceReasons === b.absenceReasons
  );
}

/**
 * A row re-renders only when what it shows changes: every stored mark rebuilds the sheet's data, and drawing
 * every row again (a class's students × its sittings) for one tap would be most of the time the tap takes.
 */
const AttendanceRow = memo(
  AttendanceRowView,
  (before, after) =>
    before.rowIndex === after.rowIndex &&
    before.selectedColumn === after.selectedColumn &&
    before.holdsFirstStop === after.holdsFirstStop &&
    before.editable === after.editable &&
    before.rowCount === after.rowCount &&
    before.exchangeOnline === after.exchangeOnline &&
    before.locale === after.locale &&
    before.handlers === after.handlers &&
    before.columns.length === after.columns.length &&
    before.columns.every((column, index) => {
      const other = after.columns[index];
      return (
        other !== undefined &&
        column.id === other.id &&
        column.day === other.day &&
        column.startTime === other.startTime
      );
    }) &&
    before.row.classStudentId === after.row.classStudentId &&
    before.row.name === after.row.name &&
    before.row.identity === after.row.identity &&
    before.row.highlighted === after.row.highlighted &&
    before.row.cells.length === after.row.cells.length &&
    before.row.cells.every((cell, index) => {
      const other = after.row.cells[index];
      return other !== undefined && sameCell(cell, other);
    }),
);
