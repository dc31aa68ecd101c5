import { newRequestDoc, type RequestCreate, requestCreateSchema } from '../../../domain/schemas/requests';
import type { SchoolDatabase } from '../../db/open-database';
import type { RequestDocType } from '../../db/synced-schemas';

/** What the form files: one request per sitting of `scheduleIds` (a range), or one about no sitting. */
export interface RequestFiling {
  studentId: string;
  universityId: string;
  /** The guardian filing it for their child (issue 43); null when the student files it themself. */
  filedBy: string | null;
  /** The request as the create call takes it, without its sitting. */
  body: Omit<RequestCreate, 'schedule_id'>;
  /** The sittings the request covers, in order; empty for a request about no sitting. */
  scheduleIds: readonly string[];
}

/** Field errors of a filing, by the create call's field names; empty when it may be filed. */
export function filingErrors(filing: RequestFiling): Record<string, string> {
  const bodies = bodiesOf(filing);
  const errors: Record<string, string> = {};
  for (const body of bodies) {
    const parsed = requestCreateSchema.safeParse(body);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'option');
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

function bodiesOf(filing: RequestFiling): RequestCreate[] {
  const ids = filing.scheduleIds.length > 0 ? filing.scheduleIds : [null];
  return ids.map((scheduleId) => ({ ...filing.body, schedule_id: scheduleId }));
}

/**
 * Files the student's request (or their guardian's for them) in the local database (the worker pushes it, offline too): one request per
 * sitting of the range, each under a new id, so a replay never makes a second one. Checked first with the
 * create call's own schema; answers the new ids, or null when the filing has errors (`filingErrors`).
 */
export async function fileRequests(
  database: SchoolDatabase,
  filing: RequestFiling,
  now: Date = new Date(),
): Promise<string[] | null> {
  if (Object.keys(filingErrors(filing)).length > 0) return null;
  const docs: RequestDocType[] = bodiesOf(filing).map((raw) => {
    const { _deleted, ...doc } = newRequestDoc(requestCreateSchema.parse(raw), {
      id: crypto.randomUUID(),
      studentId: filing.studentId,
      universityId: filing.universityId,
      filedBy: filing.filedBy,
      createdAt: now.toISOString(),
    });
    return doc;
  });
  await database.requests.bulkInsert(docs);
  return docs.map((doc) => doc.id);
}
