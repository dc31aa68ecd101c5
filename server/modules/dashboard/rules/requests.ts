import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../../domain/limits';
import { RequestStatus } from '../../../../domain/request-status';
import { StickyType } from '../../../../domain/stickies';
import { liveClassAssignments } from '../../../access/classes';
import type { Executor } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { sanitizeWithin } from '../sanitize';
import { cardOf, cardRowSchema } from './cards';
import { inScope } from './sql';
import type { RuleContext, StickyRule } from './types';

const rowSchema = cardRowSchema.extend({
  request_id: z.string(),
  class_id: z.string().nullable(),
  schedule_id: z.string().nullable(),
  student_id: z.string(),
  content: z.string(),
});

/** The staff who handle a request: the teachers of its class, else of the student's class in the subject. */
export async function requestHandlers(db: Executor, context: Pick<RuleContext, 'scope'>, requestId?: string) {
  return queryRows(
    db,
    sql`select distinct ct.teacher_id as user_id, r.id as request_id, r.subject_id, r.university_id,
          sub.year_code_id, coalesce(r.class_id, cs.class_id) as class_id, r.schedule_id, r.student_id, r.content
        from requests r
        join subjects sub on sub.id = r.subject_id
        left join class_students cs on cs.subject_id = r.subject_id and cs.student_id = r.student_id and not cs.deleted
        join ${liveClassAssignments} ct on ct.class_id = coalesce(r.class_id, cs.class_id)
        where not r.deleted and r.status = ${RequestStatus.requesting} ${inScope('r', context.scope)}
          ${requestId ? sql`and r.id = ${requestId}` : sql``}`,
    rowSchema,
  );
}

/**
 * Rule "new request to handle" (type 18, sticky request): while a student's request is requesting, each
 * teacher in charge of the request's class (or of the student's class in the subject) has one card showing
 * the request text. Request cards cannot be closed by hand: the card goes when the request is accepted,
 * rejected or cancelled. Type 9 is left unused.
 */
export const requestRule: StickyRule = {
  name: 'request to handle',
  types: [StickyType.stickyRequest],
  async desired(db, context) {
    return (await requestHandlers(db, context)).map((row) => ({
      ...cardOf(row, StickyType.stickyRequest),
      classId: row.class_id,
      scheduleId: row.schedule_id,
      requestId: row.request_id,
      studentId: row.student_id,
      content: sanitizeWithin(row.content, LIMITS.noteMaxLength),
    }));
  },
};
