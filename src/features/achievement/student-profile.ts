import { orderScoreNames, shownFinalScore, studentResult } from '../../../domain/achievement-results';
import {
  type AttendanceCounts,
  AttendanceStatus,
  type HeldSittingSource,
  heldStatuses,
  tallyCounts,
  tallyOfStatuses,
} from '../../../domain/attendance';
import { isHighlighted } from '../../../domain/highlights';
import type { SchoolMoment } from '../../../domain/schedules';
import { achievementId } from '../../../domain/sync-ids';
import {
  completeHighlights,
  completeScoreNames,
  type LocalHighlight,
  type LocalScoreName,
} from './score-grid';

/** One subject of the student's own profile: attendance tallies, scores, GPA, final score, messages. */
export interface ProfileSubject {
  subjectId: string;
  subjectName: string;
  attendance: AttendanceCounts & { absent: number };
  scores: { id: string; name: string; fullScore: number; points: number | null; isPart: boolean }[];
  gpa: number | null;
  /** The final score: set by hand (`finalScoreSetByHand`) when there is one, else the formula's. */
  finalScore: number | null;
  finalScoreSetByHand: boolean;
  /** Messages of every highlight (attendance or achievement) the student meets: what the school tells them. */
  messages: string[];
}

/** The local rows of the signed-in student the profile is built from. */
export interface ProfileInput {
  subjects: readonly { id: string; name: string; formula: string | null }[];
  /** The student's enrolments: subject, class and `subjectStudentId`. */
  enrolments: readonly { subjectId: string; classId: string | null; subjectStudentId: string }[];
  /** The sittings of the student's classes, and the lessons published (a draft lesson's sitting is not held). */
  sittings: readonly (HeldSittingSource & { classId: string })[];
  publishedLessonIds: ReadonlySet<string>;
  scoreNames: readonly (LocalScoreName & { subjectId: string })[];
  highlights: readonly (LocalHighlight & { subjectId: string })[];
  scores: readonly { id: string; points: number | null }[];
  /** The student's results: the final score set by hand per enrolment. */
  results: readonly { subjectStudentId: string; finalScore: number | null }[];
  attendance: readonly { subjectId: string; scheduleId: string; status: number | null }[];
  /** The device's wall clock: a sitting is held once it has ended by it (`hasEnded`). */
  moment: SchoolMoment;
}

const STATUSES = new Set<number>(Object.values(AttendanceStatus));

/**
 * The student's achievement-attendance profile (SPEC §2 /achievement-attendance-profile): per subject the
 * attendance over the class's held sittings (as the attendance report counts it, "not entered" included),
 * the scores, GPA and final score by the subject's rules, and the highlight messages the school wrote for
 * students in their situation.
 */
export function buildProfile(input: ProfileInput): ProfileSubject[] {
  const byId = new Map(input.scores.map((row) => [row.id, row]));
  const setByHand = new Map(input.results.map((row) => [row.subjectStudentId, row.finalScore]));
  return input.enrolments.flatMap((enrolment): ProfileSubject[] => {
    const subject = input.subjects.find((row) => row.id === enrolment.subjectId);
    if (!subject) return [];
    const scoreNames = orderScoreNames(
      completeScoreNames(input.scoreNames.filter((row) => row.subjectId === subject.id)),
    );
    const points = new Map(
      scoreNames.map((row) => [
        row.id,
        byId.get(achievementId(enrolment.subjectStudentId, row.id))?.points ?? null,
      ]),
    );
    const result = studentResult(subject.formula, scoreNames, points);
    const handSet = setByHand.get(enrolment.subjectStudentId) ?? null;
    const marks = new Map(
      input.attendance
        .filter((row) => row.subjectId === subject.id)
        .map((row) => [
          row.scheduleId,
          row.status !== null && STATUSES.has(row.status) ? (row.status as AttendanceStatus) : null,
        ]),
    );
    const sittings = input.sittings.filter((row) => row.classId === enrolment.classId);
    const tally = tallyOfStatuses(heldStatuses(sittings, input.publishedLessonIds, marks, input.moment));
    const counts = tallyCounts(tally);
    const facts = { attendance: counts, gpa: result.gpa };
    const messages = completeHighlights(input.highlights.filter((row) => row.subjectId === subject.id))
      .filter((rule) => !rule.hidden && rule.messageToStudent)
      .filter((rule) =>
        isHighlighted(
          { condition_type: rule.conditionType, compare_type: rule.compareType, value: rule.value },
          facts,
        ),
      )
      .flatMap((rule) => (rule.messageToStudent ? [rule.messageToStudent] : []));
    return [
      {
        subjectId: subject.id,
        subjectName: subject.name,
        attendance: { ...counts, absent: tally.absent },
        scores: scoreNames.map((row) => ({
          id: row.id,
          name: row.name,
          fullScore: row.fullScore,
          points: points.get(row.id) ?? null,
          isPart: row.parentId !== null,
        })),
        gpa: result.gpa,
        finalScore: shownFinalScore(handSet, result.finalScore),
        finalScoreSetByHand: handSet !== null,
        messages,
      },
    ];
  });
}
