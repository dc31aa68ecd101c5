import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EventTab } from '../../../domain/events-search';
import { pageMeta } from '../../../domain/schemas/common';
import type {
  EventSearchRequest,
  EventsResponse,
  EventWrite,
  RankingResponse,
  RankingSearchRequest,
  VibloEvent,
} from '../../../domain/schemas/events';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { eventRankings, events, eventUniversities, universities, users } from '../../db/schema';
import { notFound } from '../../http-error';
import { SCHOOL_TIME_ZONE, schoolWallClock } from '../../school-clock';
import { requireLiveUniversities } from '../shared/master-rows';

/** Events per page of `/viblo/events`, and ranking rows per page of `/viblo`. */
export const EVENTS_PAGE_SIZE = 10;
export const RANKING_PAGE_SIZE = 20;

// Tokyo keeps no daylight saving time, so the school's offset is fixed.
const SCHOOL_OFFSET = '+09:00';

/** An instant as the school's wall-clock date-time with its offset: its first ten characters are the day. */
export function schoolDateTime(instant: Date): string {
  const { date, time } = schoolWallClock(instant);
  return `${date}T${time}${SCHOOL_OFFSET}`;
}

/** A form's date-time as an instant; one without an offset is the school's wall clock. */
function instantOf(input: string): Date {
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(input) ? input : `${input}${SCHOOL_OFFSET}`);
}

const eventRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  start_time: z.coerce.date(),
  end_time: z.coerce.date(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  universities: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.coerce.number().int().optional(),
});

const startDay = sql`(${events.startTime} at time zone ${SCHOOL_TIME_ZONE})::date`;
const endDay = sql`(${events.endTime} at time zone ${SCHOOL_TIME_ZONE})::date`;

/** Where an event's days lie against `today` (SPEC §4; both ends inclusive, as `domain/events.ts` decides). */
function tabCondition(tab: EventTab, today: string): SQL {
  if (tab === EventTab.future) return sql`${startDay} > ${today}::date`;
  if (tab === EventTab.past) return sql`${endDay} < ${today}::date`;
  return sql`${startDay} <= ${today}::date and ${endDay} >= ${today}::date`;
}

function selectEvents(where: SQL, order: SQL, page: { limit: number; offset: number } | null): SQL {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`select ${events.id}::text as id, ${events.name} as name, ${events.startTime} as start_time,
      ${events.endTime} as end_time, ${events.description} as description, ${events.url} as url,
      coalesce((select json_agg(json_build_object('id', u.id::text, 'name', u.name) order by u.name)
        from ${eventUniversities} eu join ${universities} u on u.id = eu.university_id
        where eu.event_id = ${events.id}), '[]'::json) as universities,
      count(*) over () as total
    from ${events} where ${where} order by ${order} ${paging}`;
}

function toEvent(row: z.infer<typeof eventRowSchema>): VibloEvent {
  return {
    id: row.id,
    name: row.name,
    start_time: schoolDateTime(row.start_time),
    end_time: schoolDateTime(row.end_time),
    description: row.description,
    url: row.url,
    universities: row.universities,
  };
}

/** The choices of the events filter: every event, newest first (SPEC §3 `dataFilter`). */
export async function eventFilterChoices(db: Executor): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: events.id, name: events.name })
    .from(events)
    .orderBy(sql`${events.startTime} desc`, asc(events.id));
}

/**
 * `POST /api/viblo-event/search`: one page of a tab's events (running ones by start, future by start, past
 * newest first), narrowed to one event when `eventFilter` names one, with the filter's choices.
 */
export async function searchEvents(
  db: Database,
  request: EventSearchRequest,
  now: Date,
): Promise<EventsResponse> {
  const today = schoolWallClock(now).date;
  const conditions = [tabCondition(request.tab, today)];
  // A filter that names no event (an id from an older list, or not an id) matches nothing rather than all.
  if (request.eventFilter) conditions.push(sql`${events.id}::text = ${request.eventFilter}`);
  const order =
    request.tab === EventTab.past
      ? sql`${events.endTime} desc, ${events.id}`
      : sql`${events.startTime} asc, ${events.id}`;
  const offset = (request.page - 1) * EVENTS_PAGE_SIZE;
  const rows = await queryRows(
    db,
    selectEvents(sql.join(conditions, sql` and `), order, { limit: EVENTS_PAGE_SIZE, offset }),
    eventRowSchema,
  );
  // A page past the end carries no window count, so count separately only then.
  const [counted] = rows[0]
    ? [{ total: rows[0].total ?? 0 }]
    : await queryRows(
        db,
        sql`select count(*) as total from ${events} where ${sql.join(conditions, sql` and `)}`,
        z.object({ total: z.coerce.number().int() }),
      );
  const total = counted?.total ?? 0;
  return {
    data: rows.map(toEvent),
    meta: { pagination: pageMeta(rows.length, request.page, EVENTS_PAGE_SIZE, total) },
    dataFilter: await eventFilterChoices(db),
  };
}

/** `GET /api/viblo-event/{id}`. */
export async function readEvent(db: Executor, id: string): Promise<VibloEvent> {
  const [row] = await queryRows(
    db,
    selectEvents(sql`${events.id} = ${id}`, sql`${events.id}`, null),
    eventRowSchema,
  );
  if (!row) throw notFound();
  return toEvent(row);
}

async function writeUniversities(tx: Transaction, eventId: string, ids: readonly string[]): Promise<void> {
  await tx.delete(eventUniversities).where(eq(eventUniversities.eventId, eventId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx.insert(eventUniversities).values(unique.map((universityId) => ({ eventId, universityId })));
  }
}

function columnsOf(input: EventWrite) {
  return {
    name: input.name,
    startTime: instantOf(input.start_time),
    endTime: instantOf(input.end_time),
    description: input.description,
    url: input.url,
  };
}

/** `POST /api/viblo-event`: creates an event (admins). */
export async function createEvent(
  db: Database,
  input: EventWrite,
  actorId: string,
  now: Date,
): Promise<VibloEvent> {
  const id = await db.transaction(async (tx) => {
    await requireLiveUniversities(tx, input.university_ids);
    const [row] = await tx
      .insert(events)
      .values({ ...columnsOf(input), createdBy: actorId, createdAt: now, updatedAt: now })
      .returning({ id: events.id });
    if (!row) throw new Error('insert returned no row');
    await writeUniversities(tx, row.id, input.university_ids);
    return row.id;
  });
  return readEvent(db, id);
}

/** `POST /api/viblo-event/{id}`: replaces an event's fields and universities; 404 when there is none. */
export async function updateEvent(
  db: Database,
  id: string,
  input: EventWrite,
  now: Date,
): Promise<VibloEvent> {
  await db.transaction(async (tx) => {
    await requireLiveUniversities(tx, input.university_ids);
    const rows = await tx
      .update(events)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(eq(events.id, id))
      .returning({ id: events.id });
    if (rows.length === 0) throw notFound();
    await writeUniversities(tx, id, input.university_ids);
  });
  return readEvent(db, id);
}

/** `DELETE /api/viblo-event/{id}`: the event, its universities and its ranking go for good (not replicated). */
export async function deleteEvent(db: Database, id: string): Promise<void> {
  const rows = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (rows.length === 0) throw notFound();
}

/** `GET /api/viblo-event/add/get-data-create`: the live universities an event may target. */
export async function eventFormChoices(db: Database) {
  const rows = await db
    .select({ id: universities.id, name: universities.name })
    .from(universities)
    .where(eq(universities.deleted, false))
    .orderBy(asc(universities.name), asc(universities.id));
  return { universities: rows };
}

const rankingRowSchema = z.object({
  rank: z.number().int(),
  score: z.coerce.number(),
  event_id: z.string(),
  event_name: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  university_id: z.string().nullable(),
  university_name: z.string().nullable(),
  year_code_id: z.string().nullable(),
  year_code_name: z.string().nullable(),
  total: z.coerce.number().int(),
});

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

/**
 * `POST /api/viblo/search`: the ranking rows of an event (or of every event), narrowed to a university and a
 * year code of the students, searched by name, paged; with when the shown event's ranking was last updated.
 */
export async function searchRanking(db: Database, request: RankingSearchRequest): Promise<RankingResponse> {
  const conditions: SQL[] = [sql`true`];
  if (request.eventId) conditions.push(sql`r.event_id = ${request.eventId}`);
  if (request.universityId) conditions.push(sql`s.university_id = ${request.universityId}`);
  if (request.yearCodeId) conditions.push(sql`s.year_code_id = ${request.yearCodeId}`);
  if (request.param) conditions.push(sql`u.name ilike ${`%${escapeLike(request.param)}%`}`);
  const offset = (request.page - 1) * RANKING_PAGE_SIZE;
  const rows = await queryRows(
    db,
    sql`select r.rank, r.score, e.id::text as event_id, e.name as event_name, u.id::text as user_id,
          u.name as user_name, un.id::text as university_id, un.name as university_name,
          y.id::text as year_code_id, y.name as year_code_name, count(*) over () as total
        from ${eventRankings} r
        join ${events} e on e.id = r.event_id
        join ${users} u on u.id = r.user_id
        left join students s on s.user_id = u.id and not s.deleted
        left join universities un on un.id = s.university_id
        left join year_codes y on y.id = s.year_code_id
        where ${sql.join(conditions, sql` and `)}
        order by e.start_time desc, r.rank, u.name, u.id
        limit ${RANKING_PAGE_SIZE} offset ${offset}`,
    rankingRowSchema,
  );
  const total = rows[0]?.total ?? 0;
  let updatedAt: Date | null = null;
  if (request.eventId) {
    const [event] = await db
      .select({ at: events.rankingsUpdatedAt })
      .from(events)
      .where(eq(events.id, request.eventId));
    updatedAt = event?.at ?? null;
  }
  return {
    data: rows.map((row) => ({
      rank: row.rank,
      score: row.score,
      event: { id: row.event_id, name: row.event_name },
      user: { id: row.user_id, name: row.user_name },
      university: ref(row.university_id, row.university_name),
      year_code: ref(row.year_code_id, row.year_code_name),
    })),
    meta: { pagination: pageMeta(rows.length, request.page, RANKING_PAGE_SIZE, total) },
    updated_at: updatedAt ? schoolDateTime(updatedAt) : null,
  };
}

/**
 * Replaces an event's ranking with `rows` (users matched by email, case-blind; unknown ones skipped) and
 * stamps the time, in one transaction: a reader sees the old ranking or the new one, never half of each.
 * Answers how many rows were stored, or null for an event deleted meanwhile.
 */
export async function replaceRanking(
  db: Database,
  eventId: string,
  rows: readonly { email: string; rank: number; score: number }[],
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // The event may have been deleted since the job listed it (an admin deleted it while the service
    // answered): then there is nothing to rank. Held to the end, so a delete waits for the ranking.
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, eventId))
      .for('share');
    if (!event) return null;
    const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
    const known =
      emails.length === 0
        ? []
        : await tx
            .select({ id: users.id, email: sql<string>`lower(${users.email})` })
            .from(users)
            .where(inArray(sql`lower(${users.email})`, emails));
    const idOf = new Map(known.map((user) => [user.email, user.id]));
    const stored = new Map<string, { eventId: string; userId: string; rank: number; score: number }>();
    for (const row of rows) {
      const userId = idOf.get(row.email.toLowerCase());
      // One place per user: the service's best (lowest) rank wins if it lists someone twice.
      if (userId && (stored.get(userId)?.rank ?? Number.POSITIVE_INFINITY) > row.rank) {
        stored.set(userId, { eventId, userId, rank: row.rank, score: row.score });
      }
    }
    await tx.delete(eventRankings).where(eq(eventRankings.eventId, eventId));
    if (stored.size > 0) await tx.insert(eventRankings).values([...stored.values()]);
    await tx.update(events).set({ rankingsUpdatedAt: now }).where(eq(events.id, eventId));
    return stored.size;
  });
}

/** The events whose ranking the job keeps fresh: running today, or ended within the last day (late results). */
export async function eventsToRefresh(
  db: Database,
  now: Date,
): Promise<{ id: string; url: string | null }[]> {
  const today = schoolWallClock(now).date;
  return db
    .select({ id: events.id, url: events.url })
    .from(events)
    .where(sql`${startDay} <= ${today}::date and ${endDay} >= ${today}::date - 1`);
}
