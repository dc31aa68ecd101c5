import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccessKind } from '../../domain/access-log';
import type { Actor } from '../access/actor';
import type { Database, Executor } from '../db/client';
import { queryRows, slices } from '../db/rows';
import { accessLog } from '../db/schema';
import { type ChainedContent, chainHash, GENESIS_HASH } from './chain';

/** One read to record: who (null: the server's own job), through which session, what, whose records. */
export interface AccessRead {
  actor: Actor | null;
  sessionId: string | null;
  kind: AccessKind;
  /** The call or collection, and the class, subject, report or export it named: short ids and keys only. */
  what: Record<string, string | number>;
  /** `students.id` of every student whose record was read; a read naming nobody is not recorded. */
  studentIds: readonly string[];
}

/** The access log as the server writes it: reads are buffered and chained in one transaction per flush. */
export interface AccessLogRecorder {
  /** Records a read; returns at once (the entry is written with the next flush). */
  record(read: AccessRead): void;
  /** Writes every buffered entry now; resolves when they are committed. */
  flush(): Promise<void>;
  /** Entries waiting for a flush. */
  pending(): number;
  /** Flushes and stops the timer; entries recorded after it are written at once. */
  close(): Promise<void>;
}

export interface AccessLogOptions {
  now: () => Date;
  /** How long an entry may wait for others to share its transaction, ms (`ACCESS_LOG_FLUSH_MS`). */
  flushMs: number;
  /** A buffer this full is flushed at once. */
  maxBuffered?: number;
  onError?: (error: unknown) => void;
}

interface Buffered extends AccessRead {
  at: Date;
}

/** The lock every chainer takes, so two instances on one PostgreSQL never chain to the same entry. */
const CHAIN_LOCK = sql`select pg_advisory_xact_lock(hashtext('access_log_chain'))`;

const lastEntry = z.object({ id: z.coerce.number(), hash: z.string() });

/**
 * Writes `reads` as the next entries of the chain, in one transaction (a savepoint inside one already open,
 * so a job's entry commits with its work); answers how many it wrote.
 */
export async function appendEntries(db: Executor, reads: readonly Buffered[]): Promise<number> {
  if (reads.length === 0) return 0;
  await db.transaction(async (tx) => {
    await tx.execute(CHAIN_LOCK);
    const [last] = await queryRows(
      tx,
      sql`select id, hash from access_log order by id desc limit 1`,
      lastEntry,
    );
    let prevHash = last?.hash ?? GENESIS_HASH;
    let id = last?.id ?? 0;
    const rows = reads.map((read) => {
      id += 1;
      const content: ChainedContent = {
        id,
        at: read.at,
        actorId: read.actor?.id ?? null,
        actorRole: read.actor?.role ?? null,
        sessionId: read.sessionId,
        kind: read.kind,
        what: read.what,
        studentIds: [...read.studentIds],
      };
      const hash = chainHash(prevHash, content);
      const row = { ...content, studentIds: [...content.studentIds], prevHash, hash };
      prevHash = hash;
      return row;
    });
    for (const slice of slices(rows)) await tx.insert(accessLog).values(slice);
  });
  return reads.length;
}

/** The recorder the server runs: a small in-process buffer flushed every `flushMs` or when full. */
export function createAccessLogRecorder(db: Database, options: AccessLogOptions): AccessLogRecorder {
  const maxBuffered = options.maxBuffered ?? 500;
  let buffer: Buffered[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = buffer;
    buffer = [];
    // Flushes run one after another, so entries are chained in the order they were recorded.
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await appendEntries(db, batch);
      } catch (error) {
        // Never lose an entry: what could not be written goes back ahead of what came since.
        buffer = [...batch, ...buffer];
        options.onError?.(error);
        if (!closed) schedule();
        else throw error;
      }
    });
    return writing;
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), options.flushMs);
    timer.unref?.();
  };

  return {
    record(read) {
      if (read.studentIds.length === 0) return;
      buffer.push({ ...read, studentIds: [...new Set(read.studentIds)].sort(), at: options.now() });
      if (closed || buffer.length >= maxBuffered) void flush().catch(() => undefined);
      else schedule();
    },
    flush,
    pending: () => buffer.length,
    async close() {
      closed = true;
      await flush();
    },
  };
}

/** Reads one page of stored entries in chain order, for the check. */
export const storedEntryRow = z.object({
  id: z.coerce.number(),
  at: z.coerce.date(),
  actor_id: z.string().nullable(),
  actor_role: z.number().nullable(),
  session_id: z.string().nullable(),
  kind: z.string(),
  what: z.unknown(),
  student_ids: z.array(z.string()),
  prev_hash: z.string(),
  hash: z.string(),
});

export async function entriesAfter(db: Executor, afterId: number, limit: number) {
  const rows = await queryRows(
    db,
    sql`select id, at, actor_id, actor_role, session_id, kind, what, student_ids, prev_hash, hash
        from access_log where id > ${afterId} order by id limit ${limit}`,
    storedEntryRow,
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorRole: row.actor_role,
    sessionId: row.session_id,
    kind: row.kind,
    what: row.what,
    studentIds: row.student_ids,
    prevHash: row.prev_hash,
    hash: row.hash,
  }));
}
