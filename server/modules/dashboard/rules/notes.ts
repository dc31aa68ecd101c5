import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../../domain/limits';
import { StickyType } from '../../../../domain/stickies';
import { liveClassAssignments, teachersOfSchedule } from '../../../access/classes';
import { queryRows } from '../../../db/rows';
import { sanitizeWithin } from '../sanitize';
import { cardOf, cardRowSchema, firstCardPerKey } from './cards';
import { inScope } from './sql';
import type { StickyRule } from './types';

/** How long a note about a student keeps its card up. */
export const STUDENT_NOTE_DAYS = 14;

const memoSchema = cardRowSchema.extend({
  memo_id: z.string(),
  schedule_id: z.string(),
  class_id: z.string(),
  lesson_id: z.string(),
  message: z.string(),
});

/**
 * Rule "memo" (type 8): a memo about schedules still to come (today or later, school time) gives every other
 * teacher of those schedules one card showing the memo (sanitised); with `contact_to_head_teacher` set, the
 * teachers in charge of every class of the subject get it too. The author gets none. The card points at the
 * memo's earliest coming schedule and goes when the memo is deleted or its last schedule has passed.
 */
export const memoRule: StickyRule = {
  name: 'memo',
  types: [StickyType.memo],
  async desired(db, context) {
    const rows = await queryRows(
      db,
      sql`select t.teacher_id as user_id, m.id as memo_id, m.subject_id, m.university_id, sub.year_code_id,
            s.id as schedule_id, s.class_id, s.lesson_id, m.message
          from memos m
          join subjects sub on sub.id = m.subject_id and not sub.deleted
          join memo_schedules ms on ms.memo_id = m.id and not ms.deleted
          join schedules s on s.id = ms.schedule_id and not s.deleted and s.day >= ${context.today}::date
          cross join lateral (${teachersOfSchedule('s')}
            union select ct.teacher_id from ${liveClassAssignments} ct
              where m.contact_to_head_teacher and ct.subject_id = m.subject_id) as t(teacher_id)
          where not m.deleted and t.teacher_id <> m.author_id ${inScope('m', context.scope)}
          order by s.day, s.start_time, s.id`,
      memoSchema,
    );
    return firstCardPerKey(
      rows,
      (row) => `${row.user_id}|${row.memo_id}`,
      (row) => ({
        ...cardOf(row, StickyType.memo),
        memoId: row.memo_id,
        scheduleId: row.schedule_id,
        classId: row.class_id,
        lessonId: row.lesson_id,
        content: sanitizeWithin(row.message, LIMITS.noteMaxLength),
      }),
    );
  },
};

const noteSchema = cardRowSchema.extend({
  student_id: z.string(),
  class_id: z.string(),
  content: z.string(),
});

/**
 * Rule "student-contact note" (type 2, the teacher style with contact links): a note about a student written
 * in the last 14 days gives every other teacher in charge of that student's class in the subject one card per
 * student, showing the newest such note (sanitised). It goes when the notes are deleted or older.
 */
export const studentNoteRule: StickyRule = {
  name: 'student-contact note',
  types: [StickyType.teacher],
  async desired(db, context) {
    const since = new Date(context.now.getTime() - STUDENT_NOTE_DAYS * 86_400_000);
    const rows = await queryRows(
      db,
      sql`select ct.teacher_id as user_id, n.subject_id, n.university_id, sub.year_code_id, n.student_id,
            cs.class_id, n.content
          from notes n
          join subjects sub on sub.id = n.subject_id and not sub.deleted
          join class_students cs on cs.subject_id = n.subject_id and cs.student_id = n.student_id and not cs.deleted
          join ${liveClassAssignments} ct on ct.class_id = cs.class_id
          where not n.deleted and n.student_id is not null and ct.teacher_id <> n.author_id
            and n.created_at >= ${since.toISOString()}::timestamptz ${inScope('n', context.scope)}
          order by n.created_at desc, n.id desc`,
      noteSchema,
    );
    return firstCardPerKey(
      rows,
      (row) => `${row.user_id}|${row.subject_id}|${row.student_id}`,
      (row) => ({
        ...cardOf(row, StickyType.teacher),
        studentId: row.student_id,
        classId: row.class_id,
        content: sanitizeWithin(row.content, LIMITS.noteMaxLength),
      }),
    );
  },
};
