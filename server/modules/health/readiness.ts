import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ReadinessCode } from '../../../domain/health';
import { type Database, shippedMigrations } from '../../db/client';

/** Whether the server may take traffic, and if not why (`GET /api/ready`). */
export type Readiness = { ready: true; migrations: number } | { ready: false; code: ReadinessCode };

// The answer's shape differs in type between PGlite and node-postgres, not in the part read here.
const appliedRowsSchema = z.object({
  rows: z.array(z.object({ created_at: z.union([z.string(), z.number()]) })),
});

/** How long the readiness query may take before the database counts as not answering. */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Asks the database one short question, bounded by `timeoutMs`: which migrations it holds (drizzle's own
 * record of them, which the startup migration writes). Ready when it answers in time and holds every
 * migration this build ships; one it holds beyond them (a newer instance migrated during a rolling update)
 * does not make this one unready.
 */
export async function checkReadiness(db: Database, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  // A drizzle query runs each time it is awaited: made a promise once, it runs once.
  const asked = Promise.resolve(db.execute(sql`select created_at from drizzle.__drizzle_migrations`));
  // Answered after the time ran out, or failed then: nobody is waiting for it any more.
  asked.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  let appliedAt: Set<number>;
  try {
    const answer = await Promise.race([asked, timedOut]);
    if (answer === 'timeout') return { ready: false, code: ReadinessCode.databaseTimeout };
    const { rows } = appliedRowsSchema.parse(answer);
    appliedAt = new Set(rows.map((row) => Number(row.created_at)));
  } catch {
    return { ready: false, code: ReadinessCode.databaseUnreachable };
  } finally {
    clearTimeout(timer);
  }
  const shipped = shippedMigrations();
  const applied = shipped.filter((migration) => appliedAt.has(migration.createdAt)).length;
  if (applied < shipped.length) return { ready: false, code: ReadinessCode.migrationsPending };
  return { ready: true, migrations: applied };
}
