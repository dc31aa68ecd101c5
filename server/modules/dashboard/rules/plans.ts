import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LessonType, PublishState } from '../../../../domain/lessons';
import { LIMITS } from '../../../../domain/limits';
import { StickyType } from '../../../../domain/stickies';
import { teachersOfSchedule } from '../../../access/classes';
import type { Executor } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { sanitizeWithin } from '../sanitize';
import { cardOf, cardRowSchema, firstCardPerKey } from './cards';
import { inScope } from './sql';
import type { DesiredSticky, RuleContext, StickyRule } from './types';

/** How many days ahead a schedule without a registered plan raises a card. */
export const PLAN_LOOKAHEAD_DAYS = 7;
/** How long a new note on a plan keeps its card up. */
export const NOTE_PLAN_DAYS = 7;

const itemSchema = cardRowSchema.extend({
  lesson_id: z.string(),
  lesson_type: z.number(),
  class_id: z.string(),
  schedule_id: z.string(),
  plan_id: z.string().nullable(),
  content: z.string().nullable().optional(),
});
/** One class sitting behind a plan card: what the card's More list shows. */
export type PlanItem = z.infer<typeof itemSchema>;

/**
 * Rule "lesson / exam without a plan" (types 10 and 11; SPEC silent on when): every published lesson or exam
 * with a schedule in the next 7 days (today included) whose plan is missing or only saved temporarily gives
 * each teacher of that schedule (named on it, or in charge of its class) one card per lesson. The card goes
 * when every such schedule has a registered plan, or once the schedules are past.
 */
export async function unplannedItems(db: Executor, context: RuleContext): Promise<PlanItem[]> {
  return queryRows(
    db,
    sql`select t.teacher_id as user_id, s.subject_id, s.university_id, sub.year_code_id, s.lesson_id,
          l.type as lesson_type, s.class_id, s.id as schedule_id, p.id as plan_id
        from schedules s
        join lessons l on l.id = s.lesson_id and not l.deleted and l.publish = ${PublishState.published}
        join subjects sub on sub.id = s.subject_id and not sub.deleted
        left join plans p on p.schedule_id = s.id and not p.deleted
        cross join lateral ${teachersOfSchedule('s')} as t(teacher_id)
        where not s.deleted
          and s.day between ${context.today}::date and ${context.today}::date + ${PLAN_LOOKAHEAD_DAYS}::int
          and (p.id is null or p.publish <> ${PublishState.published})
          ${inScope('s', context.scope)}
        order by s.day, s.start_time, s.id`,
    itemSchema,
  );
}

/**
 * Rule "note plan" (type 14): a note written on a plan in the last 7 days gives every other teacher of that
 * schedule one card per lesson, showing the newest note (sanitised). The author gets none; the card goes
 * when the notes are deleted or older than 7 days.
 */
export async function notePlanItems(db: Executor, context: RuleContext): Promise<PlanItem[]> {
  const since = new Date(context.now.getTime() - NOTE_PLAN_DAYS * 86_400_000);
  return queryRows(
    db,
    sql`select t.teacher_id as user_id, s.subject_id, s.university_id, sub.year_code_id, s.lesson_id,
          l.type as lesson_type, s.class_id, s.id as schedule_id, p.id as plan_id, n.content
        from plan_notes n
        join plans p on p.id = n.plan_id and not p.deleted
        join schedules s on s.id = n.schedule_id and not s.deleted
        join lessons l on l.id = s.lesson_id and not l.deleted
        join subjects sub on sub.id = s.subject_id and not sub.deleted
        cross join lateral ${teachersOfSchedule('s')} as t(teacher_id)
        where not n.deleted and n.created_at >= ${since.toISOString()}::timestamptz
          and t.teacher_id <> n.author_id
          ${inScope('n', context.scope)}
        order by n.created_at desc, n.id desc`,
    itemSchema,
  );
}

/** Groups items into one card per (user, lesson); the first item's content (the newest) is the card's. */
function cardsPerLesson(
  items: PlanItem[],
  typeOf: (item: PlanItem) => DesiredSticky['type'],
): DesiredSticky[] {
  return firstCardPerKey(
    items,
    (item) => `${item.user_id}|${item.lesson_id}`,
    (item) => ({
      ...cardOf(item, typeOf(item)),
      lessonId: item.lesson_id,
      content: item.content ? sanitizeWithin(item.content, LIMITS.noteMaxLength) : null,
    }),
  );
}

export const unplannedRule: StickyRule = {
  name: 'lesson or exam without a plan',
  types: [StickyType.lessonNotPlan, StickyType.examNotPlan],
  async desired(db, context) {
    return cardsPerLesson(await unplannedItems(db, context), (item) =>
      item.lesson_type === LessonType.exam ? StickyType.examNotPlan : StickyType.lessonNotPlan,
    );
  },
};

export const notePlanRule: StickyRule = {
  name: 'note plan',
  types: [StickyType.lessonNotePlan],
  async desired(db, context) {
    return cardsPerLesson(await notePlanItems(db, context), () => StickyType.lessonNotePlan);
  },
};
