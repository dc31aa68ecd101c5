import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AccessKind } from '../../../domain/access-log';
import { Role } from '../../../domain/roles';
import { SyncCollection } from '../../../domain/sync';
import { appendEntries } from '../../access-log/recorder';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import type { ChangeFeed } from '../../feed/change-feed';
import { writeStamped } from '../../sync/stamped-write';
import { removeAvatarFiles, storageDirOf } from '../shared/avatar-files';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the erasure (would) make anonymous: one student who left long enough ago. */
export interface ErasureItem {
  studentId: string;
  userId: string;
  leftAt: Date;
}

/**
 * When a student left (docs/access-log.md, Erasure): their account was deactivated (deleted with history:
 * marks, scores, requests), or deleted outright (soft, without history) at its last change.
 */
const LEFT_AT = sql`coalesce(u.deactivated_at, case when u.deleted then u.updated_at end)`;

const dueRow = z.object({ student_id: z.string(), user_id: z.string(), left_at: z.coerce.date() });

/** The students whose identity is due for erasure at `now`: left more than `afterDays` ago, not yet erased. */
export async function studentsDueForErasure(
  db: Executor,
  now: Date,
  afterDays: number,
): Promise<ErasureItem[]> {
  if (afterDays <= 0) return [];
  const cutoff = new Date(now.getTime() - afterDays * DAY_MS);
  const rows = await queryRows(
    db,
    sql`select s.id as student_id, u.id as user_id, ${LEFT_AT} as left_at
        from students s join users u on u.id = s.user_id
        where u.role = ${Role.student} and u.erased_at is null and ${LEFT_AT} is not null
          and ${LEFT_AT} <= ${cutoff}
        order by ${LEFT_AT}, s.id`,
    dueRow,
  );
  return rows.map((row) => ({ studentId: row.student_id, userId: row.user_id, leftAt: row.left_at }));
}

/** What the erasure needs: the database, the feed devices hear of changes by, and where avatars are kept. */
export interface ErasureDeps {
  db: Database;
  feed: ChangeFeed;
  config: Pick<AppConfig, 'storageDir'>;
}

/**
 * Replaces the identity of each student (name, kana, mail, phone, avatar, student number) with placeholders
 * that name nobody, ends their sign-in for good, and keeps every row statistics count (enrolments, marks,
 * scores, requests, their university, faculty and year code) as it was, now about no one. Devices hear of
 * the new names through the people collection. Idempotent: an erased student is never due again.
 * Answers how many avatar files it deleted.
 */
async function eraseStudents(
  deps: ErasureDeps,
  items: readonly ErasureItem[],
  options: { now: Date; afterDays: number },
): Promise<number> {
  if (items.length === 0) return 0;
  const now = options.now;
  const userIds = items.map((item) => item.userId);
  const studentIds = items.map((item) => item.studentId);
  // The picture is a file outside the database: it goes first, so a pass that fails after it leaves no file
  // the database no longer names (the student stays due, and the next pass finds the file already gone).
  const avatars = await queryRows(
    deps.db,
    sql`select avatar from users where id in (${inList(userIds)}) and erased_at is null and avatar is not null`,
    z.object({ avatar: z.string() }),
  );
  const avatarsRemoved = await removeAvatarFiles(
    storageDirOf(deps.config),
    avatars.map((row) => row.avatar),
  );
  await writeStamped(deps, SyncCollection.people, async (tx, seq) => {
    await tx.execute(sql`update users set name = '—', name_kana = null, phone = null, avatar = null,
        email = 'erased-' || id::text || '@erased.invalid', password_hash = '!', login_blocked = true,
        erased_at = ${now}, seq = ${seq}, updated_at = now()
        where id in (${inList(userIds)}) and erased_at is null`);
    await tx.execute(sql`update students set identity = 'erased-' || id::text, seq = ${seq}, updated_at = now()
        where id in (${inList(studentIds)})`);
    // Nothing left to sign in with: sessions, trusted devices and pending codes go.
    await tx.execute(sql`delete from sessions where user_id in (${inList(userIds)})`);
    await tx.execute(sql`delete from trusted_devices where user_id in (${inList(userIds)})`);
    // What it did goes to the access log in the same transaction: an entry of the server's own.
    await appendEntries(tx, [
      {
        at: now,
        actor: null,
        sessionId: null,
        kind: AccessKind.erasure,
        what: { job: 'erasure', afterDays: options.afterDays },
        studentIds: [...studentIds].sort(),
      },
    ]);
    return { result: undefined, audience: 'all' };
  });
  return avatarsRemoved;
}

/** What one erasure pass did, or with `dryRun` would do. */
export interface ErasureOutcome {
  dryRun: boolean;
  afterDays: number;
  students: ErasureItem[];
  /** Avatar files deleted from the storage folder (0 in a dry run). */
  avatarsRemoved: number;
}

/**
 * One pass of the erasure: lists the students due, and unless `dryRun` erases them and writes what it did
 * to the access log in the same transaction (an entry of the server's own, naming the students by id).
 */
export async function runErasure(
  deps: ErasureDeps,
  options: { now: Date; afterDays: number; dryRun: boolean },
): Promise<ErasureOutcome> {
  const students = await studentsDueForErasure(deps.db, options.now, options.afterDays);
  const avatarsRemoved = options.dryRun ? 0 : await eraseStudents(deps, students, options);
  return { dryRun: options.dryRun, afterDays: options.afterDays, students, avatarsRemoved };
}

/** The job name of the nightly erasure in the durable queue (server/jobs/queue.ts). */
export const ERASURE_JOB = 'erasure';

/** The next 03:00 at the school (Asia/Tokyo keeps UTC+9 all year: 18:00 UTC) strictly after `after`. */
export function nextNightlyRun(after: Date): Date {
  const next = new Date(after);
  next.setUTCHours(18, 0, 0, 0);
  if (next <= after) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
