import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatDecimal } from '../../i18n/format';
import { type Locale, localeOrDefault } from '../../i18n/i18n';
import { cn } from '../../ui/cn';
import { keepRefusal, keptRefusal } from './refused-entries';
import type { ScoreCell, ScoreCellState, ScoreColumn, ScoreGrid, ScoreRow } from './score-grid';

/** What a cell's dot shows: its sync state, or that the value typed in it was refused here (not saved). */
type CellDisplayState = ScoreCellState | 'not-saved';

/** What each state of a cell says. */
export const SCORE_STATE_LABELS: Record<CellDisplayState, MessageDescriptor> = {
  saved: msg`Saved`,
  waiting: msg`Waiting to sync`,
  refused: msg`Refused by the server`,
  empty: msg`Not entered`,
  'not-saved': msg`Not saved`,
};

const STATE_DOT: Record<CellDisplayState, string> = {
  saved: 'bg-emerald-600',
  waiting: 'bg-amber-500',
  refused: 'bg-red-600',
  empty: 'bg-transparent',
  'not-saved': 'bg-red-600',
};

/** The points as the cell shows them (two decimals at most, SPEC §9), or blank when not entered. */
export function pointText(points: number | null): string {
  return points === null ? '' : String(points);
}

/**
 * What entering a typed value did: refused at once (the translated reason), or accepted and being stored,
 * `stored` resolving with a refusal found while storing (translated) or null. `points`, when known, is the
 * value the cell will hold: the cell shows it as waiting from the frame of the key press, before the local
 * database has it.
 */
export type ScoreEntry = { refusal: string } | { points?: number | null; stored: Promise<string | null> };

/** An entry's final outcome: its refusal, at once or while storing, or null once stored. */
export function entryOutcome(entry: ScoreEntry): Promise<string | null> {
  return 'refusal' in entry ? Promise.resolve(entry.refusal) : entry.stored;
}

/** An accepted entry the stored grid may not show yet: its text, its points, and whether it is stored. */
type Entering = { base: string; text: string; points: number | null; stored: boolean };

/**
 * One score input: typed text is entered on blur or Enter. A refused value stays in the cell with its reason
 * beside it (read by screen readers) and a "not saved" dot, and comes back after a reload of the tab while
 * the cell still holds what it was typed over (`refused-entries.ts`).
 */
function ScoreInputView({
  cell,
  label,
  readOnly,
  dataCell,
  onEnter,
  onFocus,
  onMoveDown,
}: {
  cell: ScoreCell;
  label: string;
  readOnly: boolean;
  dataCell: string;
  onEnter: (text: string) => ScoreEntry;
  onFocus: () => void;
  onMoveDown: () => void;
}) {
  const { i18n } = useLingui();
  const shown = pointText(cell.points);
  const [kept] = useState(() => {
    const entry = keptRefusal(cell.key);
    return entry && entry.base === shown ? entry : null;
  });
  const [draft, setDraft] = useState<{ base: string; text: string } | null>(kept);
  const [error, setError] = useState<string | null>(kept?.message ?? null);
  const messageId = useId();
  // Session storage is touched only when a refusal comes or goes, never on an accepted tap.
  const refuse = (entry: { base: string; text: string }, message: string | null) => {
    if (message === null && error === null) return;
    setError(message);
    keepRefusal(cell.key, message ? { ...entry, message } : null);
  };
  // The accepted entry, shown as waiting until the stored grid shows it (or shows the same points): a tap
  // paints in its own frame, not after the local write and the grid's queries.
  const [entering, setEntering] = useState<Entering | null>(null);
  const foretold =
    entering !== null && entering.base === shown && !(entering.stored && entering.points === cell.points);
  const text = foretold ? entering.text : draft && draft.base === shown ? draft.text : shown;
  const state: CellDisplayState = error ? 'not-saved' : foretold ? 'waiting' : cell.state;
  // The draft being entered or last entered: Enter and then leaving the cell, even after the entry is
  // stored but before the cell shows it, enters it once, not twice. A refused or failed entry may be retried.
  const entered = useRef<{ base: string; text: string } | null>(null);
  // Once the cell shows another stored value, typing the same text again is a new entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value shown is the trigger, not a dependency
  useEffect(() => {
    entered.current = null;
    setEntering(null);
    // Another value stored over the one a refused entry was typed over: that refusal no longer applies.
    if (draft && draft.base !== shown) {
      setDraft(null);
      refuse(draft, null);
    }
  }, [shown]);
  const commit = async () => {
    if (!draft || draft.text === shown) {
      if (draft) refuse(draft, null);
      setDraft(null);
      return;
    }
    if (entered.current?.base === draft.base && entered.current.text === draft.text) return;
    entered.current = draft;
    let refusal: string | null = null;
    try {
      const entry = onEnter(draft.text);
      if ('refusal' in entry) {
        refusal = entry.refusal;
      } else {
        const points = entry.points;
        if (points !== undefined) setEntering({ ...draft, points, stored: false });
        refuse(draft, null);
        refusal = await entry.stored;
      }
    } catch (error) {
      entered.current = null;
      setEntering(null);
      throw error;
    }
    refuse(draft, refusal);
    if (refusal) {
      entered.current = null;
      setEntering(null);
      return;
    }
    setEntering((current) => current && { ...current, stored: true });
    setDraft(null);
  };
  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex items-center gap-1">
        <input
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          title={error ?? undefined}
          aria-busy={foretold || undefined}
          data-cell={dataCell}
          data-state={state}
          inputMode="decimal"
          readOnly={readOnly}
          value={text}
          className={cn(
            'w-16 rounded border px-1 py-0.5 text-right tabular-nums',
            error ? 'border-red-600 bg-red-50' : 'border-slate-300',
            readOnly && 'bg-slate-50 text-slate-700',
          )}
          onFocus={onFocus}
          onChange={(event) => setDraft({ base: shown, text: event.target.value })}
          onBlur={() => void commit()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              if (draft) refuse(draft, null);
              else setError(null);
              setDraft(null);
            }
            if (event.key === 'Enter') {
              event.preventDefault();
              const input = event.currentTarget;
              // Down a row once stored, unless the user has already gone to another cell meanwhile.
              void commit().then(() => {
                if (document.activeElement === input) onMoveDown();
              });
            }
          }}
        />
        <span
          role="img"
          aria-label={i18n._(SCORE_STATE_LABELS[state])}
          title={i18n._(SCORE_STATE_LABELS[state])}
          className={cn('size-2 shrink-0 rounded-full', STATE_DOT[state])}
        />
      </div>
      {error && (
        <span id={messageId} role="alert" className="max-w-40 text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}

/** Whether two flat records hold the same values (every field a primitive). */
function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * A cell re-renders only when what it shows changes: storing one score rebuilds the grid's data, and
 * re-rendering all 1,500 inputs of a full grid for it would be most of the time a keystroke takes. The
 * callbacks are left out of the comparison on purpose: they act on the cell's student and score name,
 * which a cell with the same key and label never changes.
 */
const ScoreInput = memo(
  ScoreInputView,
  (before, after) =>
    before.label === after.label &&
    before.readOnly === after.readOnly &&
    before.dataCell === after.dataCell &&
    sameFields(before.cell, after.cell),
);

/**
 * A student's final score: the formula's, or the one set by hand, marked so and with a button back to the
 * formula's value. Typed like a score where the user may set final scores (`grid.finalScoreEditable`).
 */
function FinalScoreView({
  row,
  editable,
  dataCell,
  onEnter,
  onFocus,
  onMoveDown,
}: {
  row: ScoreRow;
  editable: boolean;
  dataCell: string;
  onEnter: (text: string) => ScoreEntry;
  onFocus: () => void;
  onMoveDown: () => void;
}) {
  const { t, i18n } = useLingui();
  const cell = row.finalCell;
  const formula = cell.computed === null ? '—' : formatDecimal(cell.computed, localeOrDefault(i18n.locale));
  return (
    <div className="flex items-center gap-1">
      <ScoreInput
        cell={cell}
        label={t`Final score of ${row.name}`}
        readOnly={!editable}
        dataCell={dataCell}
        onEnter={onEnter}
        onFocus={onFocus}
        onMoveDown={onMoveDown}
      />
      {cell.setByHand && (
        <span className="text-xs whitespace-nowrap text-sky-700" title={t`Formula: ${formula}`}>
          {t`Set by hand`}
        </span>
      )}
      {cell.setByHand && editable && (
        <button
          type="button"
          className="rounded px-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          aria-label={t`Clear the final score of ${row.name} back to the formula's value`}
          title={t`Back to the formula's value (${formula})`}
          onClick={() => void entryOutcome(onEnter(''))}
        >
          ×
        </button>
      )}
    </div>
  );
}

/** Whether a row shows the same: its student, cells, totals and highlights. */
function sameRow(a: ScoreRow, b: ScoreRow): boolean {
  return (
    a.subjectStudentId === b.subjectStudentId &&
    a.name === b.name &&
    a.identity === b.identity &&
    a.gpa === b.gpa &&
    a.finalScore === b.finalScore &&
    a.highlighted === b.highlighted &&
    a.highlights.join('\n') === b.highlights.join('\n') &&
    sameFields(a.finalCell, b.finalCell) &&
    a.cells.length === b.cells.length &&
    a.cells.every((cell, index) => {
      const other = b.cells[index];
      return other !== undefined && sameFields(cell, other);
    })
  );
}

/** The grid's handlers, read at the time of the event: rows that did not re-render still call the latest. */
interface RowHandlers {
  onEnter: (row: ScoreRow, column: ScoreColumn, text: string) => ScoreEntry;
  onEnterFinal?: (row: ScoreRow, text: string) => ScoreEntry;
  onSelect: (at: { row: number; column: number }) => void;
  focusCell: (row: number, column: number) => void;
}

interface ScoreRowProps {
  row: ScoreRow;
  rowIndex: number;
  columns: ScoreColumn[];
  editable: boolean;
  finalScoreEditable: boolean;
  showTotals: boolean;
  locale: Locale;
  handlers: { current: RowHandlers };
}

function ScoreRowView({
  row,
  rowIndex,
  columns,
  editable,
  finalScoreEditable,
  showTotals,
  locale,
  handlers,
}: ScoreRowProps) {
  const { t } = useLingui();
  const decimal = (value: number | null) => (value === null ? '—' : formatDecimal(value, locale));
  return (
    <tr
      className={cn('border-t border-slate-100', row.highlighted && 'bg-amber-50')}
      title={row.highlights.join('\n') || undefined}
    >
      <th scope="row" className="sticky left-0 bg-inherit px-3 py-1 text-left font-normal">
        <span className="block text-xs text-slate-500">{row.identity}</span>
        {row.name}
        {row.highlighted && <span className="sr-only">{t`Highlighted`}</span>}
      </th>
      {row.cells.map((cell, columnIndex) => {
        const column = columns[columnIndex];
        if (!column) return null;
        return (
          <td key={cell.key} className="px-2 py-1">
            <ScoreInput
              cell={cell}
              label={t`${column.name} of ${row.name}`}
              readOnly={!editable || column.hasParts}
              dataCell={`${rowIndex}:${columnIndex}`}
              onEnter={(text) => handlers.current.onEnter(row, column, text)}
              onFocus={() => handlers.current.onSelect({ row: rowIndex, column: columnIndex })}
              onMoveDown={() => handlers.current.focusCell(rowIndex + 1, columnIndex)}
            />
          </td>
        );
      })}
      {showTotals && (
        <>
          <td className="px-2 py-1 tabular-nums" data-testid="gpa">
            {decimal(row.gpa)}
          </td>
          <td className="px-2 py-1 tabular-nums" data-testid="final-score">
            <FinalScoreView
              row={row}
              editable={finalScoreEditable}
              dataCell={`${rowIndex}:${columns.length}`}
              onEnter={(text) =>
                handlers.current.onEnterFinal?.(row, text) ?? { stored: Promise.resolve(null) }
              }
              onFocus={() => handlers.current.onSelect({ row: rowIndex, column: columns.length })}
              onMoveDown={() => handlers.current.focusCell(rowIndex + 1, columns.length)}
            />
          </td>
        </>
      )}
    </tr>
  );
}

/**
 * A row re-renders only when what it shows changes: storing one score rebuilds the whole grid's data, and
 * rendering all 50 rows of a full grid again (1,500 inputs and their labels) for each stored score, sync
 * state and selection would be most of the time a keystroke takes.
 */
const ScoreRowMemo = memo(
  ScoreRowView,
  (before, after) =>
    before.rowIndex === after.rowIndex &&
    before.editable === after.editable &&
    before.finalScoreEditable === after.finalScoreEditable &&
    before.showTotals === after.showTotals &&
    before.locale === after.locale &&
    before.handlers === after.handlers &&
    before.columns.length === after.columns.length &&
    before.columns.every((column, index) => {
      const other = after.columns[index];
      return other !== undefined && sameFields(column, other);
    }) &&
    sameRow(before.row, after.row),
);

/**
 * The students × score names grid. A score with sub-scores shows their sum read-only (its header links to
 * the sub-score page); GPA and the formula's final score follow the cells as they change, unless a final
 * score was set by hand. Highlighted students (a
 * total-score highlight met) are tinted with the highlight's message as a tooltip.
 */
export function ScoreTable({
  grid,
  caption,
  showTotals,
  columnLink,
  onEnter,
  onEnterFinal,
  onSelect,
}: {
  grid: ScoreGrid;
  caption: string;
  showTotals: boolean;
  columnLink?: (column: ScoreColumn) => ReactNode;
  onEnter: (row: ScoreRow, column: ScoreColumn, text: string) => ScoreEntry;
  /** Sets a student's final score by hand (blank: back to the formula's); only with `showTotals`. */
  onEnterFinal?: (row: ScoreRow, text: string) => ScoreEntry;
  onSelect: (at: { row: number; column: number }) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const table = useRef<HTMLTableElement>(null);
  const decimal = (value: number | null) => (value === null ? '—' : formatDecimal(value, locale));
  const focusCell = (row: number, column: number) =>
    table.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${column}"]`)?.focus();
  const handlers = useRef<RowHandlers>({ onEnter, onEnterFinal, onSelect, focusCell });
  handlers.current = { onEnter, onEnterFinal, onSelect, focusCell };

  return (
    <div className="max-h-[70dvh] overflow-auto rounded border border-slate-200">
      <table ref={table} className="border-collapse text-sm" aria-label={caption}>
        <thead className="sticky top-0 z-10 bg-slate-50">
          <tr>
            <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left">
              {t`Student`}
            </th>
            {grid.columns.map((column) => (
              <th key={column.id} scope="col" className="min-w-24 px-2 py-2 text-left align-top font-medium">
                <span className={cn(column.parentId && 'pl-2 text-slate-600')}>
                  {/* A score name is the school's data, in whatever language the school named it. */}
                  <span data-user-text="">{column.name}</span>
                  {column.optionPlus && (
                    <span title={t`Bonus points (option plus)`} className="ml-1 text-emerald-700">
                      +
                    </span>
                  )}
                </span>
                <span className="block text-xs font-normal text-slate-500">
                  {t`Full score ${decimal(column.fullScore)}`}
                </span>
                {columnLink?.(column)}
              </th>
            ))}
            {showTotals && (
              <>
                <th scope="col" className="px-2 py-2 text-left">{t`GPA`}</th>
                <th scope="col" className="px-2 py-2 text-left">{t`Final score`}</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row, rowIndex) => (
            <ScoreRowMemo
              key={row.subjectStudentId}
              row={row}
              rowIndex={rowIndex}
              columns={grid.columns}
              editable={grid.editable}
              finalScoreEditable={grid.finalScoreEditable && onEnterFinal !== undefined}
              showTotals={showTotals}
              locale={locale}
              handlers={handlers}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
