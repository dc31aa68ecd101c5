import { codeSchema } from './codes';

/** Whether a lesson row is a lesson or an exam (sticky `lesson.type`, plan `lesson_type`). */
export const LessonType = { lesson: 0, exam: 1 } as const;
export type LessonType = (typeof LessonType)[keyof typeof LessonType];
/** Zod schema of a lesson type. */
export const lessonTypeSchema = codeSchema(LessonType);

/**
 * Draft versus published for lessons, exams and plans (SPEC §4). One code list serves all three because the
 * SPEC uses the same two states for each; 0 is the draft so a missing flag never publishes.
 */
export const PublishState = { draft: 0, published: 1 } as const;
export type PublishState = (typeof PublishState)[keyof typeof PublishState];
/** Zod schema of a publish state. */
export const publishStateSchema = codeSchema(PublishState);

/**
 * The rows out of draft (issue #17: drafts stay off the attendance and achievement screens until published):
 * rows of no lesson, and rows of a lesson known to be published. A row whose lesson is not known (yet) is left
 * out, so a draft never shows.
 */
export function outsideDrafts<Row extends { lessonId: string | null }>(
  rows: readonly Row[],
  lessons: readonly { id: string; publish: number }[],
): Row[] {
  const published = new Set(
    lessons.filter((lesson) => lesson.publish === PublishState.published).map((lesson) => lesson.id),
  );
  return rows.filter((row) => row.lessonId === null || published.has(row.lessonId));
}

/**
 * Whether a lesson is an assist lesson its subject's students of other classes see (issue #18, designed where
 * SPEC only names `dataSubmit` with apply and status): a lesson, never an exam, opened to them (`assistApply`)
 * with that setting published (`assistStatus`). Such a student may sit in on its sittings of other classes,
 * and their teacher then moves the mark there (the exchange call). `server/access/schedules.ts`
 * `publishedAssist` states the same rule in SQL.
 */
export function isPublishedAssist(lesson: {
  type: number;
  assistApply: boolean;
  assistStatus: number;
}): boolean {
  return (
    lesson.type === LessonType.lesson && lesson.assistApply && lesson.assistStatus === PublishState.published
  );
}

/** Plan `publish` values (SPEC §3, §4): the same codes as every draft/published flag. */
export const PlanPublish = PublishState;
/** A plan's publish value. */
export type PlanPublish = PublishState;
/** Zod schema of a plan's publish value. */
export const planPublishSchema = publishStateSchema;

/**
 * Lesson plan status (SPEC §3). Numbered in the order a plan moves through them: nothing entered, saved
 * temporarily (a draft plan), registered (a published plan).
 */
export const LessonPlanStatus = { notEntered: 0, temporarySave: 1, registered: 2 } as const;
export type LessonPlanStatus = (typeof LessonPlanStatus)[keyof typeof LessonPlanStatus];
/** Zod schema of a lesson plan status. */
export const lessonPlanStatusSchema = codeSchema(LessonPlanStatus);

/** Message ids of the lesson plan statuses. */
export const LESSON_PLAN_STATUS_LABELS: Record<LessonPlanStatus, string> = {
  [LessonPlanStatus.notEntered]: 'plan_status_not_entered',
  [LessonPlanStatus.temporarySave]: 'plan_status_temporary_save',
  [LessonPlanStatus.registered]: 'plan_status_registered',
};

/** The status a schedule's plan shows: no plan is "not entered", a draft "temporary save", else "registered". */
export function lessonPlanStatus(plan: { publish: PlanPublish } | null): LessonPlanStatus {
  if (plan === null) return LessonPlanStatus.notEntered;
  return plan.publish === PlanPublish.published
    ? LessonPlanStatus.registered
    : LessonPlanStatus.temporarySave;
}

/** The success message id after saving a plan: it depends on lesson versus exam and on the publish value. */
export function planSavedMessage(lessonType: LessonType, publish: PlanPublish): string {
  const what = lessonType === LessonType.exam ? 'exam' : 'lesson';
  const how = publish === PlanPublish.published ? 'registered' : 'draft_saved';
  return `plan_${what}_${how}`;
}
