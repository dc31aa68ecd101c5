import { AttendanceStatus } from '../../../domain/attendance';
import { isAttendanceHighlighted } from '../../../domain/attendance-highlights';
import { byStudentNumber } from '../../../domain/names';
import { mayEditClassWork } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { attendanceId } from '../../../domain/sync-ids';

/** The local rows the sheet is built from (the fields it reads of each). */
export interface SheetInput {
  actor: { id: string; role: AccountRole };
  subjectClass: { id: string; subjectId: string; universityId: string; teacherIds: readonly string[] };
  classStudents: readonly { id: string; studentId: string | null }[];
  students: ReadonlyMap<string, { name: string; identity: string | null }>;
  schedules: readonly { id: string; day: string; startTime: string; endTime: string; lessonId: string }[];
  lessonNames: ReadonlyMap<string, string>;
  attendances: readonly {
    id: string;
    status: number | null;
    absenceReasons: string | null;
    comment: string | null;
  }[];
  /** Outbox state by attendance id: waiting for the server, or refused / overridden by it. */
  outbox: ReadonlyMap<string, 'waiting' | 'refused'>;
  highlights: readonly {
    highlightType: number | null;
    conditionType: number | null;
    compareType: number | null;
    value: number | null;
    hidden: boolean | null;
  }[];
  /** ISO day of today: only schedules held so far count towards highlights. */
  today: string;
}

/** Where a cell's value stands between this device and the server. */
export type CellState = 'saved' | 'waiting' | 'refused' | 'empty';

/** One cell: a student at a schedule. */
export interface SheetCell {
  id: string;
  scheduleId: string;
  status: AttendanceStatus | null;
  absenceReasons: string | null;
  comment: string | null;
  state: CellState;
}

/** One row of the sheet: a class student with a cell per schedule. */
export interface SheetRow {
  classStudentId: string;
  studentId: string;
  name: string;
  identity: string;
  highlighted: boolean;
  cells: SheetCell[];
}

/** A column of the sheet. */
export interface SheetColumn {
  id: string;
  day: string;
  startTime: string;
  endTime: string;
  /** The lesson held: an exchange moves a mark between sittings of the same lesson. */
  lessonId: string;
  lessonName: string;
}

/** The attendance sheet of one class as the screen shows it. */
export interface Sheet {
  columns: SheetColumn[];
  rows: SheetRow[];
  /**
   * Students of the class (their ids) whose names have not reached the device yet (the people collection syncs beside
   * the class). Their rows are left out until then: a row without a name could not be told apart, and it
   * would move once the name sorted it into place, under a teacher's taps.
   */
  awaitingNames: string[];
  /** Whether the signed-in user may write this class's attendance (SPEC §6); otherwise it is read-only. */
  editable: boolean;
}

const STATUS_CODES = new Set<number>(Object.values(AttendanceStatus));

function asStatus(value: number | null): AttendanceStatus | null {
  return value !== null && STATUS_CODES.has(value) ? (value as AttendanceStatus) : null;
}

/** Ids in code-unit order, the order PostgreSQL gives uuids, so ties sort as on the server's sheet. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Builds the sheet: students by identity, schedules by day, time and id, each cell with its sync state. */
export function buildSheet(input: SheetInput): Sheet {
  const columns = [...input.schedules]
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) || a.startTime.localeCompare(b.startTime) || compareIds(a.id, b.id),
    )
    .map((schedule) => ({
      id: schedule.id,
      day: schedule.day,
      startTime: schedule.startTime,
      endTime: schedule.endTime,
      lessonId: schedule.lessonId,
      lessonName: input.lessonNames.get(schedule.lessonId) ?? '',
    }));
  const byId = new Map(input.attendances.map((row) => [row.id, row]));
  const awaitingNames: string[] = [];
  const rows = input.classStudents.flatMap((classStudent): SheetRow[] => {
    if (!classStudent.studentId) return [];
    const person = input.students.get(classStudent.studentId);
    if (!person) {
      awaitingNames.push(classStudent.studentId);
      return [];
    }
    const cells = columns.map((column): SheetCell => {
      const id = attendanceId(classStudent.id, column.id);
      const stored = byId.get(id);
      const status = asStatus(stored?.status ?? null);
      const pending = input.outbox.get(id);
      return {
        id,
        scheduleId: column.id,
        status,
        absenceReasons: stored?.absenceReasons ?? null,
        comment: stored?.comment ?? null,
        state: pending ?? (stored ? 'saved' : 'empty'),
      };
    });
    const held = cells.filter((_, index) => (columns[index]?.day ?? '') <= input.today);
    const highlighted = isAttendanceHighlighted(
      input.highlights.map((rule) => ({ ...rule, type: rule.highlightType })),
      held.map((cell) => cell.status),
    );
    return [
      {
        classStudentId: classStudent.id,
        studentId: classStudent.studentId,
        name: person.name,
        identity: person.identity ?? '',
        highlighted,
        cells,
      },
    ];
  });
  rows.sort(byStudentNumber);
  return {
    columns,
    rows,
    awaitingNames,
    editable: mayEditClassWork(input.actor, input.subjectClass.teacherIds),
  };
}

/** The status a key types into a cell (1–4 in the SPEC's label order, Delete clears); undefined: no status key. */
export function statusForKey(key: string): AttendanceStatus | null | undefined {
  switch (key) {
    case '1':
      return AttendanceStatus.present;
    case '2':
      return AttendanceStatus.late;
    case '3':
      return AttendanceStatus.unexplainedAbsence;
    case '4':
      return AttendanceStatus.absent;
    case 'Delete':
    case 'Backspace':
      return null;
    default:
      return undefined;
  }
}

/** The cell an arrow key moves to from `(row, column)` in a sheet of `rows × columns`, clamped to its edges. */
export function moveFocus(
  key: string,
  at: { row: number; column: number },
  size: { rows: number; columns: number },
): { row: number; column: number } | null {
  const clamp = (value: number, count: number) => Math.min(Math.max(value, 0), Math.max(count - 1, 0));
  const step: Record<string, [number, number]> = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
    Enter: [1, 0],
  };
  const delta = step[key];
  if (!delta) return null;
  return { row: clamp(at.row + delta[0], size.rows), column: clamp(at.column + delta[1], size.columns) };
}

/** A status entered on this screen that the stored sheet may not show yet. */
export interface EnteringMark {
  /** The status the cell showed when it was entered. */
  base: AttendanceStatus | null;
  status: AttendanceStatus | null;
  /** Whether the local database has it (the write finished). */
  stored: boolean;
}

/**
 * The sheet with the statuses just entered shown as waiting, from the frame of the tap: a mark is shown while
 * its write runs (it is the user's latest word on the cell), then until the stored sheet shows it; once the
 * stored cell has it, or has moved on to another status, the stored cell with its own sync state takes over. Rows without such a mark are the stored sheet's own objects, so rows drawn from
 * them need not draw again. `settled` names the marks the stored sheet has caught up with.
 */
export function withEnteringMarks(
  sheet: Sheet,
  entering: ReadonlyMap<string, EnteringMark>,
): { sheet: Sheet; settled: string[] } {
  if (entering.size === 0) return { sheet, settled: [] };
  const settled: string[] = [];
  const shown = (cell: SheetCell): SheetCell => {
    const mark = entering.get(cell.id);
    if (!mark) return cell;
    if (mark.stored && (cell.status === mark.status || cell.status !== mark.base)) {
      settled.push(cell.id);
      return cell;
    }
    return { ...cell, status: mark.status, state: 'waiting' };
  };
  const rows = sheet.rows.map((row) => {
    if (!row.cells.some((cell) => entering.has(cell.id))) return row;
    const cells = row.cells.map(shown);
    return cells.every((cell, index) => cell === row.cells[index]) ? row : { ...row, cells };
  });
  return { sheet: { ...sheet, rows }, settled };
}

/**
 * The sitting a mark would enter ahead of time, if it is one the user has not yet agreed to mark early: a
 * sitting after `today` among `scheduleIds`, not in `confirmed`. A mark on a sitting not yet held is most
 * often a slip of a column, so it is asked once per sitting.
 */
export function earlySittingToConfirm(
  columns: readonly SheetColumn[],
  scheduleIds: readonly string[],
  today: string,
  confirmed: ReadonlySet<string>,
): SheetColumn | null {
  const touched = new Set(scheduleIds);
  return (
    columns.find((column) => touched.has(column.id) && column.day > today && !confirmed.has(column.id)) ??
    null
  );
}
