import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/limits';
import { instant, textCheck, timestamps } from './columns';
import { universities } from './master';
import { deletedWithUser, users } from './people';

/**
 * An event of the coding-practice service (SPEC §3 Viblo event: start_time, end_time). Events are an
 * online-only view (ARCHITECTURE §3), so they are not replicated and are deleted for real.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    description: text('description'),
    url: text('url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the event's ranking was last fetched from the coding-practice service or imported; null: never. */
    rankingsUpdatedAt: instant('rankings_updated_at'),
    ...timestamps,
  },
  (table) => [
    index('events_start_time_idx').on(table.startTime),
    check('events_time_ordered', sql`${table.endTime} >= ${table.startTime}`),
    textCheck('events_name_length', table.name, LIMITS.nameMaxLength, true),
    textCheck('events_description_length', table.description, LIMITS.noteMaxLength),
    textCheck('events_url_length', table.url, LIMITS.urlMaxLength),
  ],
);

/** The universities an event is for. */
export const eventUniversities = pgTable(
  'event_universities',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    universityId: uuid('university_id')
      .notNull()
      .references(() => universities.id),
  },
  (table) => [primaryKey({ name: 'event_universities_pk', columns: [table.eventId, table.universityId] })],
);

/** A user's place and score in an event's ranking; one row per user and event. */
export const eventRankings = pgTable(
  'event_rankings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: deletedWithUser(),
    rank: integer('rank').notNull(),
    score: numeric('score', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('event_rankings_pair_unique').on(table.eventId, table.userId),
    index('event_rankings_event_rank_idx').on(table.eventId, table.rank),
    check('event_rankings_rank_positive', sql`${table.rank} >= 1`),
    check('event_rankings_score_not_negative', sql`${table.score} >= 0`),
  ],
);
