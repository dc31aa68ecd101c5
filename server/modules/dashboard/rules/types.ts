import type { SchoolMoment } from '../../../../domain/schedules';
import type { StickyType } from '../../../../domain/stickies';
import type { Executor } from '../../../db/client';
import { schoolMoment } from '../../../school-clock';

/** Which part of the school a refresh looks at: everything, or one subject after a write to it. */
export type StickyScope = 'all' | { subjectId: string };

/** What every rule reads: the instant, and the school's local date and time at it. */
export interface RuleContext extends SchoolMoment {
  now: Date;
  scope: StickyScope;
}

/** The context of rules run at `now` over `scope`, with the school's date and time at that instant. */
export function ruleContext(now: Date, scope: StickyScope): RuleContext {
  return { now, ...schoolMoment(now), scope };
}

/**
 * One card a rule wants to exist. The reference columns together with `userId` and `type` are the card's
 * identity: a card with the same identity is kept (its content updated), a new identity is a new card, and
 * a card no rule wants any more is retired.
 */
export interface DesiredSticky {
  userId: string;
  type: StickyType;
  subjectId: string;
  universityId: string;
  content: string | null;
  yearCodeId?: string | null;
  lessonId?: string | null;
  classId?: string | null;
  scheduleId?: string | null;
  highlightId?: string | null;
  planId?: string | null;
  memoId?: string | null;
  requestId?: string | null;
  studentId?: string | null;
}

/** A family of sticky rules: the types it owns and the cards it wants now. */
export interface StickyRule {
  name: string;
  types: readonly StickyType[];
  desired(db: Executor, context: RuleContext): Promise<DesiredSticky[]>;
}

/** The SQL condition limiting a rule to the scope, on a table alias's `subject_id`. */
export function scopeSubjectId(scope: StickyScope): string | null {
  return scope === 'all' ? null : scope.subjectId;
}
