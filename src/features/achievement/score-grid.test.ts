import { describe, expect, it } from 'vitest';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { Role } from '../../../domain/roles';
import { achievementId, resultId } from '../../../domain/sync-ids';
import { buildScoreGrid, type ScoreGridInput } from './score-grid';
import { buildProfile } from './student-profile';

const scoreName = (
  id: string,
  name: string,
  fullScore: number,
  parentId: string | null = null,
  position = 0,
) => ({
  id,
  name,
  fullScore,
  optionPlus: false,
  parentId,
  position,
});

const score = (
  subjectStudentId: string,
  scoreNameId: string,
  points: number,
  comment: string | null = null,
) => ({
  id: achievementId(subjectStudentId, scoreNameId),
  subjectStudentId,
  scoreNameId,
  points,
  comment,
});

const base: ScoreGridInput = {
  actor: { id: 'teacher-1', role: Role.teacher },
  subjectClass: { id: 'class-1', subjectId: 'subject-1', universityId: 'u', teacherIds: ['teacher-1'] },
  formula: 'written + report',
  classStudents: [
    { studentId: 'st-2', subjectStudentId: 'ss-2' },
    { studentId: 'st-1', subjectStudentId: 'ss-1' },
  ],
  students: new Map([
    ['st-1', { name: 'An', identity: 'S-1' }],
    ['st-2', { name: 'Binh', identity: 'S-2' }],
  ]),
  scoreNames: [
    scoreName('part-1', 'r1', 10, 'report'),
    scoreName('report', 'report', 20, null, 1),
    scoreName('written', 'written', 100),
  ],
  scores: [score('ss-1', 'written', 80, 'good'), score('ss-1', 'report', 10), score('ss-2', 'written', 0)],
  results: [],
  teacherAllowUpdateFinalScore: false,
  outbox: new Map([[achievementId('ss-2', 'written'), 'waiting']]),
  highlights: [
    {
      highlightType: HighlightType.achievement,
      conditionType: HighlightCondition.gpa,
      compareType: HighlightCompare.lessThan,
      value: 2,
      hidden: false,
      messageToStudent: 'Come and see me',
    },
  ],
};

describe('score grid', () => {
  it('orders columns and students, keeps 0, and recomputes GPA, final score and highlights', () => {
    const grid = buildScoreGrid(base);
    expect(grid.columns.map((column) => [column.id, column.hasParts])).toEqual([
      ['written', false],
      ['report', true],
      ['part-1', false],
    ]);
    expect(grid.rows.map((row) => row.identity)).toEqual(['S-1', 'S-2']);
    const [first, second] = grid.rows;
    expect(first?.cells.map((cell) => cell.points)).toEqual([80, 10, null]);
    expect(first?.finalScore).toBe(90);
    expect(first?.gpa).toBe(3);
    expect(first?.highlighted).toBe(false);
    expect(second?.cells.map((cell) => cell.state)).toEqual(['waiting', 'empty', 'empty']);
    expect(second?.gpa).toBe(0);
    expect(second?.finalScore).toBeNull();
    expect(second?.highlights).toEqual(['Come and see me']);
    expect(grid.editable).toBe(true);
  });

  it('is read-only for a teacher of another class and narrows to one score on the sub-score page', () => {
    const grid = buildScoreGrid({
      ...base,
      actor: { id: 'teacher-2', role: Role.teacher },
      parentId: 'report',
    });
    expect(grid.editable).toBe(false);
    expect(grid.columns.map((column) => column.id)).toEqual(['report', 'part-1']);
  });

  it('shows a final score set by hand over the formula’s, with its sync state, and keeps the formula’s value', () => {
    const grid = buildScoreGrid({
      ...base,
      results: [{ id: resultId('ss-1'), subjectStudentId: 'ss-1', finalScore: 95.5, comment: 'well done' }],
      outbox: new Map([[resultId('ss-1'), 'waiting']]),
    });
    const [first, second] = grid.rows;
    expect(first?.finalScore).toBe(95.5);
    expect(first?.finalCell).toMatchObject({ points: 95.5, setByHand: true, computed: 90, state: 'waiting' });
    expect(first?.finalCell.comment).toBe('well done');
    expect(second?.finalCell).toMatchObject({ points: null, setByHand: false, state: 'empty' });
    expect(grid.finalScoreTop).toBe(120);
  });

  it('lets admins set final scores, teachers of the class only when the subject allows, nobody without a formula', () => {
    expect(buildScoreGrid(base).finalScoreEditable).toBe(false);
    expect(buildScoreGrid({ ...base, teacherAllowUpdateFinalScore: true }).finalScoreEditable).toBe(true);
    const otherTeacher = { id: 'teacher-2', role: Role.teacher };
    expect(
      buildScoreGrid({ ...base, actor: otherTeacher, teacherAllowUpdateFinalScore: true }).finalScoreEditable,
    ).toBe(false);
    const admin = { id: 'admin-1', role: Role.admin };
    expect(buildScoreGrid({ ...base, actor: admin }).finalScoreEditable).toBe(true);
    expect(buildScoreGrid({ ...base, actor: admin, formula: null }).finalScoreEditable).toBe(false);
  });
});

/**
 * Held sittings of the student's class (three past, one that ended earlier today), and ones that are not held: one
 * later today, a future one, a draft lesson's, and another class's.
 */
const HELD = {
  sittings: [
    { id: 'held-1', classId: 'class-1', day: '2026-11-02', endTime: '10:30', lessonId: 'lesson-1' },
    { id: 'held-2', classId: 'class-1', day: '2026-11-09', endTime: '10:30', lessonId: 'lesson-1' },
    { id: 'held-3', classId: 'class-1', day: '2026-11-16', endTime: '10:30', lessonId: 'lesson-1' },
    { id: 'ended-today', classId: 'class-1', day: '2026-11-27', endTime: '10:30', lessonId: 'lesson-1' },
    { id: 'later-today', classId: 'class-1', day: '2026-11-27', endTime: '14:30', lessonId: 'lesson-1' },
    { id: 'future', classId: 'class-1', day: '2026-12-07', endTime: '10:30', lessonId: 'lesson-1' },
    { id: 'draft', classId: 'class-1', day: '2026-11-16', endTime: '10:30', lessonId: 'lesson-draft' },
    { id: 'other-class', classId: 'class-2', day: '2026-11-16', endTime: '10:30', lessonId: 'lesson-1' },
  ],
  publishedLessonIds: new Set(['lesson-1']),
  moment: { today: '2026-11-27', time: '12:00' },
};

describe('student profile', () => {
  it('shows own scores, attendance tallies and the messages of the highlights met', () => {
    const [subject] = buildProfile({
      subjects: [{ id: 'subject-1', name: 'Math', formula: 'written' }],
      enrolments: [{ subjectId: 'subject-1', classId: 'class-1', subjectStudentId: 'ss-2' }],
      scoreNames: base.scoreNames.map((row) => ({ ...row, subjectId: 'subject-1' })),
      highlights: [
        ...base.highlights.map((row) => ({ ...row, subjectId: 'subject-1' })),
        {
          subjectId: 'subject-1',
          highlightType: HighlightType.attendance,
          conditionType: HighlightCondition.late,
          compareType: HighlightCompare.above,
          value: 1,
          hidden: false,
          messageToStudent: 'Please be on time',
        },
      ],
      scores: base.scores,
      results: [],
      ...HELD,
      attendance: [
        { subjectId: 'subject-1', scheduleId: 'held-1', status: 2 },
        { subjectId: 'subject-1', scheduleId: 'held-2', status: 1 },
        { subjectId: 'subject-1', scheduleId: 'held-3', status: 0 },
      ],
    });
    expect(subject?.scores.map((score) => score.points)).toEqual([0, null, null]);
    expect(subject?.finalScore).toBe(0);
    expect(subject?.attendance).toEqual({
      missing: 1,
      attendance: 1,
      late: 1,
      unexplainedAbsence: 0,
      absent: 1,
    });
    expect(subject?.messages).toEqual(['Come and see me', 'Please be on time']);
  });

  it('shows the final score a teacher set by hand, marked so', () => {
    const [subject] = buildProfile({
      subjects: [{ id: 'subject-1', name: 'Math', formula: 'written' }],
      enrolments: [{ subjectId: 'subject-1', classId: 'class-1', subjectStudentId: 'ss-2' }],
      scoreNames: base.scoreNames.map((row) => ({ ...row, subjectId: 'subject-1' })),
      highlights: [],
      scores: base.scores,
      results: [{ subjectStudentId: 'ss-2', finalScore: 42 }],
      ...HELD,
      attendance: [],
    });
    expect(subject?.finalScore).toBe(42);
    expect(subject?.finalScoreSetByHand).toBe(true);
  });

  it('counts attendance over the held sittings of the class, as the attendance report does', () => {
    const [subject] = buildProfile({
      subjects: [{ id: 'subject-1', name: 'Math', formula: null }],
      enrolments: [{ subjectId: 'subject-1', classId: 'class-1', subjectStudentId: 'ss-2' }],
      scoreNames: [],
      highlights: [],
      scores: [],
      results: [],
      ...HELD,
      // Marked: two held sittings (one ended earlier today), and sittings that are not held (one still to end
      // today, a future one, a draft lesson's): those do not count.
      attendance: [
        { subjectId: 'subject-1', scheduleId: 'held-1', status: 1 },
        { subjectId: 'subject-1', scheduleId: 'ended-today', status: 1 },
        { subjectId: 'subject-1', scheduleId: 'later-today', status: 0 },
        { subjectId: 'subject-1', scheduleId: 'future', status: 0 },
        { subjectId: 'subject-1', scheduleId: 'draft', status: 0 },
      ],
    });
    // The two held sittings with no mark are "not entered".
    expect(subject?.attendance).toEqual({
      missing: 2,
      attendance: 2,
      late: 0,
      unexplainedAbsence: 0,
      absent: 0,
    });
  });
});
