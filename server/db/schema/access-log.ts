import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Who read which students' records, when, in which session and through what (docs/access-log.md): FERPA's
 * record of access. Append-only: a trigger of the migration refuses every update, delete and truncate, and
 * each entry carries the sha-256 of the previous entry's hash and its own canonical content
 * (`server/access-log/chain.ts`), so a row altered behind the server's back breaks the chain that
 * `npm run access-log:check` walks. No foreign keys: an entry outlives the accounts it names.
 */
export const accessLog = pgTable(
  'access_log',
  {
    /** The entry's place in the chain, handed out in the order entries are chained. */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    /** Who read: a user id, or null for the server's own jobs (erasure). */
    actorId: uuid('actor_id'),
    /** Their role when they read (a role code of domain/roles.ts). */
    actorRole: smallint('actor_role'),
    /** The session the read came through (its database id), null for jobs. */
    sessionId: text('session_id'),
    /** What was read, a code of `AccessKind` (domain/access-log.ts). */
    kind: text('kind').notNull(),
    /** The call or collection and the class, report or export it named. */
    what: jsonb('what').notNull(),
    /** The students whose records were read (`students.id`). */
    studentIds: uuid('student_ids').array().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('access_log_student_ids_idx').using('gin', table.studentIds),
    index('access_log_actor_idx').on(table.actorId, table.id),
    check('access_log_hash_shape', sql`${table.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);
