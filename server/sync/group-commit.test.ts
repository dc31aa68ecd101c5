import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { Role } from '../../domain/roles';
import type { AttendanceDoc } from '../../domain/sync-docs';
import type { PushRow } from '../../domain/sync-merge';
import { attendanceHistory, attendances } from '../db/schema';
import { attendanceCollection, readAttendances } from '../modules/attendance/collection';
import { createTaughtSchools, markOf, type SchoolFixture } from '../testing/school-fixture';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { PushRowRefused, pushCollection, type SyncActor } from './engine';

// Group commit (issue #23): saves of attendance that arrive together share one transaction. Each must be
// answered, and leave history, exactly as if it had run alone after the ones before it. The same pushes run
// one after another on one app and all at once (one batch) on another, and must agree in everything.

type Side = 'a' | 'b';

/** One database with two schools, each taught by its own teacher. */
interface World {
  t: TestApp;
  schools: Record<Side, SchoolFixture>;
}

async function world(): Promise<World> {
  const t = await buildTestApp();
  const [a, b] = await createTaughtSchools(t.app.appDeps.db);
  return { t, schools: { a, b } };
}

/** A push as the property draws it, independent of either database's ids. */
interface DrawnPush {
  /** Whose teacher pushes; a teacher writing the other school's mark is refused. */
  by: Side;
  /** Whose mark. */
  mark: Side;
  status: (typeof AttendanceStatus)[keyof typeof AttendanceStatus] | null;
  comment: string | null;
  /** Based on the server's state when drawn up (a form), on none (a new offline mark), or on a stale one. */
  base: 'current' | 'none' | 'stale';
  /** A REST command (all or nothing) rather than a sync push. */
  atomic: boolean;
  /** A mark whose id does not match its place: refused `invalid`. */
  misplaced: boolean;
}

const drawnPush: fc.Arbitrary<DrawnPush> = fc.record({
  by: fc.constantFrom<Side>('a', 'b'),
  mark: fc.constantFrom<Side>('a', 'b'),
  status: fc.constantFrom(null, ...Object.values(AttendanceStatus)),
  comment: fc.constantFrom(null, 'late bus', 'sick'),
  base: fc.constantFrom('current' as const, 'none' as const, 'stale' as const),
  atomic: fc.boolean(),
  misplaced: fc.integer({ min: 0, max: 3 }).map((drawn) => drawn === 0),
});

/** The pushes of one round, made concrete for one world from the marks as they stand before the round. */
async function rowsOf(w: World, drawn: readonly DrawnPush[]) {
  const db = w.t.app.appDeps.db;
  const ids = { a: markOf(w.schools.a).id, b: markOf(w.schools.b).id };
  const stored = new Map((await readAttendances(db, [ids.a, ids.b])).map((doc) => [doc.id, doc] as const));
  return drawn.map((push) => {
    const school = w.schools[push.mark];
    const current = stored.get(ids[push.mark]) ?? null;
    const doc: AttendanceDoc = {
      ...markOf(school, { status: push.status, comment: push.comment }),
      ...(push.misplaced ? { id: markOf(w.schools[push.mark === 'a' ? 'b' : 'a']).id } : {}),
    };
    const base =
      push.base === 'none' || !current
        ? null
        : push.base === 'stale'
          ? { ...current, updatedAt: current.updatedAt - 1, status: AttendanceStatus.absent, comment: 'old' }
          : current;
    const actor: SyncActor = { id: w.schools[push.by].teacherId, role: Role.teacher };
    const row: PushRow<AttendanceDoc> = { newDocumentState: doc, assumedMasterState: base };
    return { actor, rows: [row], atomic: push.atomic };
  });
}

/** A push's answer without either database's ids: its refusal, or its conflicts and rows as stored. */
function answerOf(outcome: PromiseSettledResult<Awaited<ReturnType<typeof pushCollection<AttendanceDoc>>>>) {
  if (outcome.status === 'rejected') {
    if (outcome.reason instanceof PushRowRefused) return { refused: outcome.reason.conflict.reason };
    throw outcome.reason;
  }
  const shown = (doc: AttendanceDoc) => ({ status: doc.status, comment: doc.comment, deleted: doc._deleted });
  return {
    conflicts: outcome.value.conflicts.map((conflict) => ({
      reason: conflict.reason,
      fields: conflict.fields ?? [],
      document: shown(conflict.document),
    })),
    written: outcome.value.written.map(shown),
  };
}

/** What the round left: each mark's stored state and its history (old and new values), in any order. */
async function leftBy(w: World) {
  const db = w.t.app.appDeps.db;
  const result: Record<string, unknown> = {};
  for (const side of ['a', 'b'] as const) {
    const id = markOf(w.schools[side]).id;
    const [row] = await db.select().from(attendances).where(eq(attendances.id, id));
    const history = await db
      .select()
      .from(attendanceHistory)
      .where(inArray(attendanceHistory.attendanceId, [id]));
    result[side] = {
      stored: row ? { status: row.status, comment: row.comment, deleted: row.deleted } : null,
      history: history
        .map(
          (h) =>
            `${h.oldStatus}>${h.newStatus} ${h.oldComment}>${h.newComment} by ${h.changedBy === w.schools.a.teacherId ? 'a' : 'b'}`,
        )
        .sort(),
    };
  }
  return result;
}

let alone: World;
let together: World;

beforeAll(async () => {
  alone = await world();
  together = await world();
});

afterAll(async () => {
  await alone.t.close();
  await together.t.close();
});

describe('group commit of attendance pushes', () => {
  it('answers pushes that arrive together, some refused, each as if it had run alone after the ones before it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(drawnPush, { minLength: 2, maxLength: 8 }), async (drawn) => {
        const one = await rowsOf(alone, drawn);
        const sequential: PromiseSettledResult<Awaited<ReturnType<typeof pushCollection<AttendanceDoc>>>>[] =
          [];
        for (const push of one) {
          const [outcome] = await Promise.allSettled([
            pushCollection(alone.t.app.appDeps, attendanceCollection, push.actor, push.rows, false, {
              atomic: push.atomic,
            }),
          ]);
          if (outcome) sequential.push(outcome);
        }
        const all = await rowsOf(together, drawn);
        // Submitted in one turn of the event loop: one batch, one transaction.
        const concurrent = await Promise.allSettled(
          all.map((push) =>
            pushCollection(together.t.app.appDeps, attendanceCollection, push.actor, push.rows, false, {
              atomic: push.atomic,
            }),
          ),
        );
        expect(concurrent.map(answerOf)).toEqual(sequential.map(answerOf));
        expect(await leftBy(together)).toEqual(await leftBy(alone));
      }),
      { numRuns: 25 },
    );
  });
});
