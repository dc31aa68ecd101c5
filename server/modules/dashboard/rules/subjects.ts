import { sql } from 'drizzle-orm';
import { PublishState } from '../../../../domain/lessons';
import { StickyType } from '../../../../domain/stickies';
import { liveClassAssignments } from '../../../access/classes';
import { queryRows } from '../../../db/rows';
import { cardOf, cardRowSchema } from './cards';
import { inScope } from './sql';
import type { StickyRule } from './types';

/** How long a newly assigned subject keeps its card up. */
export const NEW_SUBJECT_DAYS = 14;

/**
 * Rule "subject" (type 4): a teacher put in charge of a class of a registered (published) subject gets one
 * card per subject for 14 days after the assignment, unless the subject has already ended. It goes when the
 * assignment is removed, the subject is deleted or ends, or after 14 days.
 */
export const subjectRule: StickyRule = {
  name: 'subject assigned',
  types: [StickyType.subject],
  async desired(db, context) {
    const since = new Date(context.now.getTime() - NEW_SUBJECT_DAYS * 86_400_000);
    const rows = await queryRows(
      db,
      sql`select distinct ct.teacher_id as user_id, sub.id as subject_id, sub.university_id, sub.year_code_id
          from ${liveClassAssignments} ct
          join subject_classes sc on sc.id = ct.class_id and not sc.deleted
          join subjects sub on sub.id = ct.subject_id and not sub.deleted
            and sub.publish = ${PublishState.published} and sub.end_date >= ${context.today}::date
          where ct.created_at >= ${since.toISOString()}::timestamptz
            ${inScope('ct', context.scope)}`,
      cardRowSchema,
    );
    return rows.map((row) => ({ ...cardOf(row, StickyType.subject), content: null }));
  },
};
