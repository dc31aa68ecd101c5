import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LessonType } from '../../../../domain/lessons';
import { StickyType } from '../../../../domain/stickies';
import { teachersOfSchedule } from '../../../access/classes';
import type { Executor } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { cardOf, cardRowSchema, firstCardPerKey } from './cards';
import { inScope } from './sql';
import type { DesiredSticky, RuleContext, StickyRule } from './types';

/** How far back an ended schedule with missing entries still raises a card. */
export const ENTRY_LOOKBACK_DAYS = 14;

const itemSchema = cardRowSchema.extend({
  lesson_id: z.string(),
  class_id: z.string(),
  schedule_id: z.string(),
  plan_id: z.string().nullable(),
});
/** One ended sitting with entries missing. */
export type EntryItem = z.infer<typeof itemSchema>;

/** Schedules that have ended by the school's clock, at most `ENTRY_LOOKBACK_DAYS` ago. */
function endedSchedule(context: RuleContext) {
  return sql`(s.day < ${context.today}::date or (s.day = ${context.today}::date and s.end_time <= ${context.time}::time))
    and s.day >= ${context.today}::date - ${ENTRY_LOOKBACK_DAYS}::int`;
}

/**
 * The ended sittings (`endedSchedule`) of the lessons `lessonCondition` admits at which `missing` holds, one
 * row per teacher of the sitting, earliest first.
 */
function endedSittingsMissing(
  db: Executor,
  context: RuleContext,
  lessonCondition: SQL,
  missing: SQL,
): Promise<EntryItem[]> {
  return queryRows(
    db,
    sql`select t.teacher_id as user_id, s.subject_id, s.university_id, sub.year_code_id, s.lesson_id,
          s.class_id, s.id as schedule_id, p.id as plan_id
        from schedules s
        join lessons l on l.id = s.lesson_id and not l.deleted ${lessonCondition}
        join subjects sub on sub.id = s.subject_id and not sub.deleted
        left join plans p on p.schedule_id = s.id and not p.deleted
        cross join lateral ${teachersOfSchedule('s')} as t(teacher_id)
        where not s.deleted and ${endedSchedule(context)} ${inScope('s', context.scope)} and ${missing}
        order by s.day, s.start_time, s.id`,
    itemSchema,
  );
}

/**
 * Rule "attendance not yet entered" (type 0; SPEC silent on when): once a schedule has ended (school time) and
 * for 14 days after, if any student of its class has no attendance status for it, each teacher of the
 * schedule gets one card per subject; its More lists the classes and schedules still open. The card goes
 * when every status is entered (or after 14 days).
 */
export function missingAttendanceItems(db: Executor, context: RuleContext): Promise<EntryItem[]> {
  return endedSittingsMissing(
    db,
    context,
    sql``,
    sql`exists (select 1 from class_students cs where cs.class_id = s.class_id and not cs.deleted
          and not exists (select 1 from attendances a where a.class_student_id = cs.id
            and a.schedule_id = s.id and not a.deleted and a.status is not null))`,
  );
}

/**
 * Rule "achievement not yet entered" (type 1): once an exam's schedule has ended, and for 14 days after, if a
 * student of its class lacks points for one of the exam's score names, each teacher of the schedule gets one
 * card per subject. It goes when every score is entered.
 */
export function missingAchievementItems(db: Executor, context: RuleContext): Promise<EntryItem[]> {
  return endedSittingsMissing(
    db,
    context,
    sql`and l.type = ${LessonType.exam}`,
    sql`exists (select 1 from class_students cs
          join score_names sn on sn.lesson_id = l.id and not sn.deleted
          where cs.class_id = s.class_id and not cs.deleted
            and not exists (select 1 from achievements ac where ac.subject_student_id = cs.subject_student_id
              and ac.score_name_id = sn.id and not ac.deleted and ac.points is not null))`,
  );
}

function cardsPerSubject(items: EntryItem[], type: DesiredSticky['type']): DesiredSticky[] {
  return firstCardPerKey(
    items,
    (item) => `${item.user_id}|${item.subject_id}`,
    (item) => ({ ...cardOf(item, type), content: null }),
  );
}

export const missingAttendanceRule: StickyRule = {
  name: 'attendance not entered',
  types: [StickyType.attendance],
  async desired(db, context) {
    return cardsPerSubject(await missingAttendanceItems(db, context), StickyType.attendance);
  },
};

export const missingAchievementRule: StickyRule = {
  name: 'achievement not entered',
  types: [StickyType.achievement],
  async desired(db, context) {
    return cardsPerSubject(await missingAchievementItems(db, context), StickyType.achievement);
  },
};
