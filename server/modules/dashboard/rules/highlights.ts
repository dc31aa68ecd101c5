import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AttendanceStatus, countAttendance } from '../../../../domain/attendance';
import {
  type HighlightCompare,
  type HighlightCondition,
  HighlightType,
  isHighlighted,
} from '../../../../domain/highlights';
import { LIMITS } from '../../../../domain/limits';
import { StickyType } from '../../../../domain/stickies';
import { liveClassAssignments } from '../../../access/classes';
import { liveEnrolments } from '../../../access/enrolments';
import type { Executor } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { enrolmentGpas } from '../../shared/gpa-sql';
import { heldSittings } from '../../shared/report-sql';
import { sanitizeWithin } from '../sanitize';
import { inScope } from './sql';
import type { DesiredSticky, RuleContext, StickyRule } from './types';

const highlightSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  year_code_id: z.string().nullable(),
  type: z.number(),
  condition_type: z.number(),
  compare_type: z.number(),
  value: z.coerce.number(),
  message_to_student: z.string().nullable(),
});

const studentSchema = z.object({
  subject_id: z.string(),
  student_id: z.string(),
  user_id: z.string(),
  identity: z.string(),
  name: z.string(),
  gpa: z.coerce.number().nullable(),
});

const statusSchema = z.object({
  student_id: z.string(),
  subject_id: z.string(),
  status: z.number().nullable(),
});

/** A student a highlight flags: the student list of a highlight card (SPEC §3: id, identity, name). */
export interface HighlightedStudent {
  id: string;
  userId: string;
  identity: string;
  name: string;
}

/** A visible highlight rule of a subject with the students it flags now. */
export interface HighlightHit {
  highlight: z.infer<typeof highlightSchema>;
  students: HighlightedStudent[];
}

/**
 * Evaluates every visible highlight in scope against the subject's students: attendance tallies over the
 * held sittings of each student's class (`heldSittings`, the attendance report's: ended by the school's clock,
 * of a published lesson; no status entered counts as missing) and
 * the student's GPA from their scores (`enrolmentGpas`). A student without the fact a rule reads is not flagged (domain
 * `isHighlighted`).
 */
export async function highlightHits(db: Executor, context: RuleContext): Promise<HighlightHit[]> {
  const rules = await queryRows(
    db,
    sql`select h.id, h.subject_id, h.university_id, sub.year_code_id, h.type, h.condition_type, h.compare_type,
          h.value, h.message_to_student
        from highlights h join subjects sub on sub.id = h.subject_id and not sub.deleted
        where not h.deleted and not h.hidden ${inScope('h', context.scope)}
        order by h.priority, h.id`,
    highlightSchema,
  );
  if (rules.length === 0) return [];
  const enrolled = await queryRows(
    db,
    sql`select ss.subject_id, st.id as student_id, u.id as user_id, st.identity, u.name, g.gpa
        from ${liveEnrolments} ss
        join students st on st.id = ss.student_id
        join users u on u.id = st.user_id
        left join ${enrolmentGpas(sql`(select ss.id from ${liveEnrolments} ss where true ${inScope('ss', context.scope)})`)} g
          on g.subject_student_id = ss.id
        where true ${inScope('ss', context.scope)}
        order by st.identity, st.id`,
    studentSchema,
  );
  const statuses = await queryRows(
    db,
    sql`select cs.student_id, cs.subject_id, a.status
        from class_students cs
        join ${heldSittings(context)} h on h.class_id = cs.class_id
        left join attendances a on a.class_student_id = cs.id and a.schedule_id = h.id and not a.deleted
        where not cs.deleted ${inScope('cs', context.scope)}`,
    statusSchema,
  );
  const statusesOf = new Map<string, (AttendanceStatus | null)[]>();
  for (const row of statuses) {
    const key = `${row.subject_id}|${row.student_id}`;
    const list = statusesOf.get(key) ?? [];
    list.push(row.status as AttendanceStatus | null);
    statusesOf.set(key, list);
  }

  return rules.map((highlight) => ({
    highlight,
    students: enrolled
      .filter((student) => student.subject_id === highlight.subject_id)
      .filter((student) => {
        const held = statusesOf.get(`${student.subject_id}|${student.student_id}`);
        return isHighlighted(
          {
            condition_type: highlight.condition_type as HighlightCondition,
            compare_type: highlight.compare_type as HighlightCompare,
            value: highlight.value,
          },
          { attendance: held ? countAttendance(held) : null, gpa: student.gpa },
        );
      })
      .map((student) => ({
        id: student.student_id,
        userId: student.user_id,
        identity: student.identity,
        name: student.name,
      })),
  }));
}

const teacherSchema = z.object({ subject_id: z.string(), teacher_id: z.string() });

/**
 * Rule "highlight triggered" (types 16 attendance, 17 achievement). While a visible highlight flags at least
 * one student, each teacher in charge of a class of the subject gets one card for that highlight (its More
 * lists the flagged students), and each flagged student gets one card of the same type carrying the
 * highlight's message to students (sanitised) and their own student id. A card goes when the student (or
 * every student) stops matching, or the highlight is hidden or deleted. Types 5 and 6 are left unused.
 */
export const highlightRule: StickyRule = {
  name: 'highlight triggered',
  types: [StickyType.highlightAttendance, StickyType.highlightAchievement],
  async desired(db, context) {
    const hits = (await highlightHits(db, context)).filter((hit) => hit.students.length > 0);
    if (hits.length === 0) return [];
    const teachers = await queryRows(
      db,
      sql`select distinct ct.subject_id, ct.teacher_id from ${liveClassAssignments} ct
          join subject_classes sc on sc.id = ct.class_id and not sc.deleted
          where true ${inScope('ct', context.scope)}`,
      teacherSchema,
    );
    const cards: DesiredSticky[] = [];
    for (const { highlight, students } of hits) {
      const type =
        highlight.type === HighlightType.achievement
          ? StickyType.highlightAchievement
          : StickyType.highlightAttendance;
      const base = {
        type,
        subjectId: highlight.subject_id,
        universityId: highlight.university_id,
        yearCodeId: highlight.year_code_id,
        highlightId: highlight.id,
      };
      for (const teacher of teachers.filter((row) => row.subject_id === highlight.subject_id)) {
        cards.push({ ...base, userId: teacher.teacher_id, content: null });
      }
      const message = highlight.message_to_student
        ? sanitizeWithin(highlight.message_to_student, LIMITS.noteMaxLength)
        : null;
      for (const student of students) {
        cards.push({ ...base, userId: student.userId, studentId: student.id, content: message });
      }
    }
    return cards;
  },
};
