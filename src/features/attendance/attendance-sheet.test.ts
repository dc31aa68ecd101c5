import { describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { Role } from '../../../domain/roles';
import { attendanceId } from '../../../domain/sync-ids';
import { attendanceExportSheet } from './attendance-export';
import {
  buildSheet,
  earlySittingToConfirm,
  moveFocus,
  type SheetColumn,
  type SheetInput,
  statusForKey,
  withEnteringMarks,
} from './attendance-sheet';

function input(overrides: Partial<SheetInput> = {}): SheetInput {
  return {
    actor: { id: 'teacher-1', role: Role.teacher },
    subjectClass: { id: 'class-1', subjectId: 'subject-1', universityId: 'u-1', teacherIds: ['teacher-1'] },
    classStudents: [
      { id: 'cs-2', studentId: 'st-2' },
      { id: 'cs-1', studentId: 'st-1' },
    ],
    students: new Map([
      ['st-1', { name: 'An', identity: 'S001' }],
      ['st-2', { name: 'Binh', identity: 'S002' }],
    ]),
    schedules: [
      { id: 'sch-2', day: '2026-04-17', startTime: '09:00', endTime: '10:30', lessonId: 'l-2' },
      { id: 'sch-1', day: '2026-04-10', startTime: '09:00', endTime: '10:30', lessonId: 'l-1' },
      { id: 'sch-3', day: '2026-05-01', startTime: '09:00', endTime: '10:30', lessonId: 'l-1' },
    ],
    lessonNames: new Map([
      ['l-1', 'Lesson 1'],
      ['l-2', 'Lesson 2'],
    ]),
    attendances: [
      {
        id: attendanceId('cs-1', 'sch-1'),
        status: AttendanceStatus.unexplainedAbsence,
        absenceReasons: null,
        comment: 'x',
      },
      {
        id: attendanceId('cs-1', 'sch-2'),
        status: AttendanceStatus.unexplainedAbsence,
        absenceReasons: null,
        comment: null,
      },
      {
        id: attendanceId('cs-2', 'sch-1'),
        status: AttendanceStatus.present,
        absenceReasons: null,
        comment: null,
      },
    ],
    outbox: new Map([
      [attendanceId('cs-1', 'sch-2'), 'waiting'],
      [attendanceId('cs-2', 'sch-1'), 'refused'],
    ]),
    highlights: [
      {
        highlightType: HighlightType.attendance,
        conditionType: HighlightCondition.unexplainedAbsence,
        compareType: HighlightCompare.above,
        value: 2,
        hidden: false,
      },
    ],
    today: '2026-04-20',
    ...overrides,
  };
}

describe('attendance sheet', () => {
  it('orders students by identity and schedules by day, with each cell’s status and sync state', () => {
    const sheet = buildSheet(input());
    expect(sheet.columns.map((column) => [column.id, column.lessonName])).toEqual([
      ['sch-1', 'Lesson 1'],
      ['sch-2', 'Lesson 2'],
      ['sch-3', 'Lesson 1'],
    ]);
    expect(sheet.rows.map((row) => row.name)).toEqual(['An', 'Binh']);
    expect(sheet.rows[0]?.cells.map((cell) => [cell.status, cell.state])).toEqual([
      [AttendanceStatus.unexplainedAbsence, 'saved'],
      [AttendanceStatus.unexplainedAbsence, 'waiting'],
      [null, 'empty'],
    ]);
    expect(sheet.rows[1]?.cells[0]?.state).toBe('refused');
    expect(sheet.editable).toBe(true);
  });

  it('leaves out a student whose name has not reached the device yet, and names them, so no row moves under a tap', () => {
    const sheet = buildSheet(input({ students: new Map([['st-2', { name: 'Binh', identity: 'S002' }]]) }));
    expect(sheet.rows.map((row) => row.name)).toEqual(['Binh']);
    expect(sheet.awaitingNames).toEqual(['st-1']);
    expect(buildSheet(input()).awaitingNames).toEqual([]);
  });

  it('highlights a student whom a shown attendance rule flags over the schedules held so far', () => {
    const sheet = buildSheet(input());
    expect(sheet.rows.map((row) => row.highlighted)).toEqual([true, false]);
    const hidden = buildSheet(
      input({ highlights: input().highlights.map((rule) => ({ ...rule, hidden: true })) }),
    );
    expect(hidden.rows.some((row) => row.highlighted)).toBe(false);
  });

  it('is read-only for a teacher not assigned to the class, and editable for admins', () => {
    expect(buildSheet(input({ actor: { id: 'teacher-2', role: Role.teacher } })).editable).toBe(false);
    expect(buildSheet(input({ actor: { id: 'admin', role: Role.admin } })).editable).toBe(true);
    expect(buildSheet(input({ actor: { id: 'teacher-1', role: Role.observer } })).editable).toBe(false);
  });

  it('types statuses with 1–4 and clears with Delete; arrows and Enter move within the sheet', () => {
    expect(['1', '2', '3', '4', 'Delete', 'x'].map(statusForKey)).toEqual([
      AttendanceStatus.present,
      AttendanceStatus.late,
      AttendanceStatus.unexplainedAbsence,
      AttendanceStatus.absent,
      null,
      undefined,
    ]);
    const size = { rows: 2, columns: 3 };
    expect(moveFocus('ArrowRight', { row: 0, column: 2 }, size)).toEqual({ row: 0, column: 2 });
    expect(moveFocus('Enter', { row: 0, column: 1 }, size)).toEqual({ row: 1, column: 1 });
    expect(moveFocus('ArrowUp', { row: 0, column: 0 }, size)).toEqual({ row: 0, column: 0 });
    expect(moveFocus('a', { row: 0, column: 0 }, size)).toBeNull();
  });
});

describe('attendance export', () => {
  it('writes the sheet as shown: a heading per schedule, each student’s labels with reasons and comment', () => {
    const exported = attendanceExportSheet(buildSheet(input()), {
      sheetName: 'A',
      identity: 'ID',
      student: 'Name',
      status: (status) => (status === null ? '' : `s${status}`),
      day: (day) => day.replaceAll('-', '/'),
    });
    expect(exported.header).toEqual([
      'ID',
      'Name',
      '2026/04/10 09:00–10:30 Lesson 1',
      '2026/04/17 09:00–10:30 Lesson 2',
      '2026/05/01 09:00–10:30 Lesson 1',
    ]);
    expect(exported.rows).toEqual([
      [
        'S001',
        'An',
        `s${AttendanceStatus.unexplainedAbsence} / x`,
        `s${AttendanceStatus.unexplainedAbsence}`,
        '',
      ],
      ['S002', 'Binh', `s${AttendanceStatus.present}`, '', ''],
    ]);
  });
});

describe('statuses entered on the screen', () => {
  const cellId = attendanceId('cs-2', 'sch-2');
  const cellOf = (sheet: ReturnType<typeof buildSheet>) =>
    sheet.rows.flatMap((row) => row.cells).find((cell) => cell.id === cellId);
  const stored = (status: AttendanceStatus | null, outbox: 'waiting' | undefined) =>
    buildSheet(
      input({
        attendances: status === null ? [] : [{ id: cellId, status, absenceReasons: null, comment: null }],
        outbox: new Map(outbox ? [[cellId, outbox]] : []),
      }),
    );

  it('shows a tapped status as waiting before it is stored, leaving the other rows as they are', () => {
    const sheet = stored(null, undefined);
    const mark = { base: null, status: AttendanceStatus.late, stored: false };
    const shown = withEnteringMarks(sheet, new Map([[cellId, mark]]));
    expect(cellOf(shown.sheet)).toMatchObject({ status: AttendanceStatus.late, state: 'waiting' });
    expect(shown.settled).toEqual([]);
    const untouched = sheet.rows.find((row) => row.classStudentId === 'cs-1');
    expect(shown.sheet.rows.find((row) => row.classStudentId === 'cs-1')).toBe(untouched);
  });

  it('keeps it while the stored sheet lags behind the write, then hands over to the stored cell', () => {
    const mark = { base: null, status: AttendanceStatus.late, stored: true };
    const lagging = withEnteringMarks(stored(null, undefined), new Map([[cellId, mark]]));
    expect(cellOf(lagging.sheet)).toMatchObject({ status: AttendanceStatus.late, state: 'waiting' });

    const caughtUp = withEnteringMarks(stored(AttendanceStatus.late, 'waiting'), new Map([[cellId, mark]]));
    expect(cellOf(caughtUp.sheet)).toMatchObject({ status: AttendanceStatus.late, state: 'waiting' });
    expect(caughtUp.settled).toEqual([cellId]);
  });

  it('gives way to another status stored for the cell after its own write', () => {
    const mark = { base: null, status: AttendanceStatus.late, stored: true };
    const movedOn = withEnteringMarks(stored(AttendanceStatus.absent, undefined), new Map([[cellId, mark]]));
    expect(cellOf(movedOn.sheet)).toMatchObject({ status: AttendanceStatus.absent, state: 'saved' });
    expect(movedOn.settled).toEqual([cellId]);
  });
});

describe('marking a sitting not yet held', () => {
  const column = (id: string, day: string): SheetColumn => ({
    id,
    day,
    startTime: '09:00',
    endTime: '10:30',
    lessonId: 'lesson-1',
    lessonName: 'Lesson',
  });
  const columns = [column('past', '2026-04-10'), column('today', '2026-04-11'), column('next', '2026-04-12')];

  it('asks about a later sitting once: today and earlier never, an agreed sitting no more', () => {
    const today = '2026-04-11';
    expect(earlySittingToConfirm(columns, ['past', 'today'], today, new Set())).toBeNull();
    expect(earlySittingToConfirm(columns, ['today', 'next'], today, new Set())?.day).toBe('2026-04-12');
    expect(earlySittingToConfirm(columns, ['next'], today, new Set(['next']))).toBeNull();
  });
});
