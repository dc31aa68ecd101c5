import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import fc from 'fast-check';
import type { RxCollection } from 'rxdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import type { SyncCheckpoint } from '../../domain/sync';
import {
  type AchievementDoc,
  AchievementDocKind,
  type AttendanceDoc,
  achievementDocSchema,
  attendanceDocSchema,
} from '../../domain/sync-docs';
import { achievementId, attendanceId } from '../../domain/sync-ids';
import { attendanceHistory, scoreHistory } from '../../server/db/schema';
import { achievementsCollection } from '../../server/modules/achievement/collection';
import { attendanceCollection } from '../../server/modules/attendance/collection';
import { pullCollection, type SyncActor, type SyncCollectionDef } from '../../server/sync/engine';
import { waitForWatermark } from '../../server/testing/calls';
import { createTaughtSchool, demoAdminActor, type SchoolFixture } from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import { askForSubject, dropSubject, heldSubjects, subjectsKept } from '../../src/db/demand-subjects';
import { openDatabase, type SchoolDatabase } from '../../src/db/open-database';
import { pendingCount$, trackLocalWrites } from '../../src/db/outbox';
import type { FetchLike } from '../../src/sync/http';
import { type CollectionReplication, replicateCollection } from '../../src/sync/replicate-collection';
import { type Fault, type FaultProxy, startFaultProxy } from './fault-proxy';
import { signInCookie, startLiveApp, withCookie } from './live-app';

// Clients with their own local database replicate against the real app through a proxy that drops requests
// before and after the commit, cuts answers, delays them and answers 503, while the clients go offline and
// back, and (as admins' devices do) open subjects and let go of them, their rows pulled and dropped. At the
// end, every subject opened again, every client must equal the server, and every change a client made that the server
// acknowledged must be in that row's history exactly once. The fixed seed makes `npm test` run the same
// plans every time; FAULT_SEED and FAULT_RUNS run others (CI adds a fresh random seed), FAULT_SEEDS runs
// that many seeds one after the other from FAULT_SEED and names every seed that fails
// (`npm run test:faults -- --seeds 200`).
const FIXED_SEED = 20_261_123;
const SEED = positiveInteger('FAULT_SEED') ?? FIXED_SEED;
const RUNS = positiveInteger('FAULT_RUNS') ?? 3;
const SEEDS = positiveInteger('FAULT_SEEDS') ?? 1;
// RxDB's free tier opens 13 collections per process: the clients open only the three they use.
const CLIENTS = 2;
const KEYS = 2;

function positiveInteger(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, not ${text}`);
  return value;
}

let t: TestApp;
let appUrl: string;
let proxy: FaultProxy;
let admin: SyncActor;

beforeAll(async () => {
  ({ t, url: appUrl } = await startLiveApp());
  proxy = await startFaultProxy(appUrl);
  admin = await demoAdminActor(t.app.appDeps.db);
});

afterAll(async () => {
  await proxy.close();
  await t.close();
});

interface Client {
  /** The local database's name: a reload opens the same stored database again. */
  name: string;
  session: { cookie: string; csrf: string };
  database: SchoolDatabase;
  reloads: number;
  /** Times the leader tab closed and another tab of the same browser took the replication over. */
  leaderSwitches: number;
  offline: boolean;
  replications: CollectionReplication<AttendanceDoc | AchievementDoc>[];
  /** The comments this client changed that the server acknowledged, by attendance id. */
  acknowledgedComments: Acknowledged<string>;
  /** The points this client changed that the server acknowledged, by score id. */
  acknowledgedPoints: Acknowledged<number>;
}

/** Values a client wrote that the server acknowledged, by row id. */
type Acknowledged<Value> = Map<string, Set<Value>>;

function acknowledge<Value>(acknowledged: Acknowledged<Value>, id: string, value: Value): void {
  const values = acknowledged.get(id) ?? new Set<Value>();
  values.add(value);
  acknowledged.set(id, values);
}

type Step =
  | { type: 'comment'; client: number; key: number }
  | { type: 'status'; client: number; key: number; status: AttendanceStatus }
  | { type: 'score'; client: number; key: number; points: number }
  | { type: 'offline'; client: number }
  | { type: 'online'; client: number }
  | { type: 'pull'; client: number }
  | { type: 'reload'; client: number }
  | { type: 'leaderTab'; client: number }
  // An admin's device keeps class work by subject (docs/on-demand-sync.md): a screen opens a key's subject,
  // or the device lets go of it (its time unused ran out).
  | { type: 'open'; client: number; key: number }
  | { type: 'drop'; client: number; key: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('comment' as const), client: fc.nat(CLIENTS - 1), key: fc.nat(KEYS - 1) }),
  fc.record({
    type: fc.constant('status' as const),
    client: fc.nat(CLIENTS - 1),
    key: fc.nat(KEYS - 1),
    status: fc.constantFrom(...Object.values(AttendanceStatus)),
  }),
  fc.record({
    type: fc.constant('score' as const),
    client: fc.nat(CLIENTS - 1),
    key: fc.nat(KEYS - 1),
    points: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({
    type: fc.constantFrom('open' as const, 'drop' as const),
    client: fc.nat(CLIENTS - 1),
    key: fc.nat(KEYS - 1),
  }),
  fc.record({
    type: fc.constantFrom(
      'offline' as const,
      'online' as const,
      'pull' as const,
      'reload' as const,
      'leaderTab' as const,
    ),
    client: fc.nat(CLIENTS - 1),
  }),
);

/**
 * A run's steps: random ones, with at least one reload and one leader tab closing among them at random places,
 * so every run resumes from stored checkpoints (the three runs of seed 1146258509 drew no reload at all).
 */
const stepsArbitrary: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.array(stepArbitrary, { minLength: 20, maxLength: 40 }),
    fc.record({ type: fc.constant('reload' as const), client: fc.nat(CLIENTS - 1) }),
    fc.record({ type: fc.constant('leaderTab' as const), client: fc.nat(CLIENTS - 1) }),
    fc.nat(),
    fc.nat(),
  )
  .map(([steps, reload, leaderTab, reloadAt, leaderTabAt]) => {
    const all: Step[] = [...steps];
    all.splice(reloadAt % (all.length + 1), 0, reload);
    all.splice(leaderTabAt % (all.length + 1), 0, leaderTab);
    return all;
  });

const faultArbitrary: fc.Arbitrary<Fault> = fc.constantFrom(
  'pass',
  'pass',
  'dropBefore',
  'dropAfter',
  'delay',
  'error503',
  'cut',
);

let runCounter = 0;

type PushedRow = {
  newDocumentState: Record<string, unknown>;
  assumedMasterState: Record<string, unknown> | null;
};
type PushAnswer = { conflicts: { document: Record<string, unknown> & { id: string } }[] };

/**
 * The values of `field` that a push changed and the server acknowledged: the row changed it against the base
 * the client sent, and the server either took the row or holds that value now (it merged the row with
 * another user's change of other fields). A row sent again unchanged, or a pulled row echoed back, is no
 * change of the client's and is not counted.
 */
function acknowledgedChanges(
  rows: readonly PushedRow[],
  answer: PushAnswer,
  field: string,
): { id: string; value: unknown }[] {
  const conflicts = new Map(answer.conflicts.map((conflict) => [conflict.document.id, conflict.document]));
  return rows.flatMap((row) => {
    const id = String(row.newDocumentState.id);
    const value = row.newDocumentState[field] ?? null;
    if (value === null || value === (row.assumedMasterState?.[field] ?? null)) return [];
    const conflict = conflicts.get(id);
    if (conflict && conflict[field] !== value) return [];
    return [{ id, value }];
  });
}

/** The client's fetch: fails while it is offline, and records the changes the server acknowledged. */
function recordAcknowledged(client: Client): FetchLike {
  return async (input, init) => {
    if (client.offline) throw new TypeError('fetch failed: offline');
    const response = await fetch(input, init);
    const attendance = input.includes('/api/sync/attendance/push');
    const scores = input.includes('/api/sync/achievements/push');
    if ((!attendance && !scores) || response.status !== 200 || typeof init?.body !== 'string') {
      return response;
    }
    const text = await response.text();
    const sent: { rows: PushedRow[] } = JSON.parse(init.body);
    const answer: PushAnswer = JSON.parse(text);
    if (attendance) {
      for (const { id, value } of acknowledgedChanges(sent.rows, answer, 'comment')) {
        acknowledge(client.acknowledgedComments, id, String(value));
      }
    } else {
      for (const { id, value } of acknowledgedChanges(sent.rows, answer, 'points')) {
        acknowledge(client.acknowledgedPoints, id, Number(value));
      }
    }
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

function openClientDatabase(name: string): Promise<SchoolDatabase> {
  return openDatabase(name, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
    only: ['attendance', 'achievements', 'outbox'],
  });
}

/** Replicates the client's open database from the stored checkpoints and outbox. */
function replicateClient(client: Client): void {
  const { database } = client;
  const baseFetch = recordAcknowledged(client);
  const fetchImpl = withCookie(client.session.cookie, baseFetch);
  const request = {
    fetchImpl,
    baseUrl: proxy.url,
    clientBuild: 'test',
    csrfToken: { current: client.session.csrf },
  };
  const common = {
    database,
    push: true,
    request,
    batchSize: 20,
    waitForLeadership: false,
    retryMs: { min: 5, max: 40 },
    onSignInRequired: () => {},
    onUpdateRequired: () => {},
    onPulled: async () => {},
    bySubject: { kept: () => subjectsKept(database, Date.now()) },
  };
  client.replications = [
    replicateCollection({
      ...common,
      name: 'attendance',
      collection: database.attendance,
      docSchema: attendanceDocSchema,
    }),
    replicateCollection({
      ...common,
      name: 'achievements',
      collection: database.achievements,
      docSchema: achievementDocSchema,
    }),
  ] as unknown as CollectionReplication<AttendanceDoc | AchievementDoc>[];
}

/** Tracks the client's local writes and replicates its open database. */
function runClient(client: Client): void {
  trackLocalWrites(client.database, () => client.offline);
  replicateClient(client);
}

async function stopClient(client: Client): Promise<void> {
  await Promise.all(client.replications.map((replication) => replication.cancel()));
  client.replications = [];
}

async function startClient(): Promise<Client> {
  runCounter += 1;
  const name = `faults-${runCounter}-${Date.now()}`;
  const session = await signInCookie(t, 'admin@demo.test');
  const client: Client = {
    name,
    session,
    database: await openClientDatabase(name),
    offline: false,
    replications: [],
    acknowledgedComments: new Map(),
    acknowledgedPoints: new Map(),
    reloads: 0,
    leaderSwitches: 0,
  };
  runClient(client);
  return client;
}

/**
 * A page reload: everything in memory goes (replication state, what was sent, the open database); the client
 * comes back from what its database stored, checkpoints and unpushed writes included.
 */
async function reloadClient(client: Client): Promise<void> {
  await stopClient(client);
  await client.database.close();
  client.reloads += 1;
  client.database = await openClientDatabase(client.name);
  runClient(client);
}

/**
 * Two tabs of one browser: the leader tab closes, with whatever it had in flight and in memory, while the other
 * tab keeps the database open (writes go on into it) and its worker, now the leader, replicates from what the
 * database stored. The Playwright spec `tests/e2e/two-tabs.spec.ts` runs the same with real tabs and the
 * browser's own leader election.
 */
async function switchLeaderTab(client: Client): Promise<void> {
  await stopClient(client);
  client.leaderSwitches += 1;
  replicateClient(client);
}

// Every comment and every score a run writes is a value of its own, so the history shows each write apart.
let tokenCounter = 0;
let pointsCounter = 0;

/**
 * A screen's write: patches the local row, or creates it when there is none yet. A pull may store the row
 * between the look-up and the insert; the insert then fails and the write patches the pulled row.
 */
async function writeLocal<Doc extends { id: string }>(
  collection: RxCollection<Doc>,
  id: string,
  patch: Partial<Doc>,
  initial: Doc,
): Promise<void> {
  const existing = await collection.findOne(id).exec();
  if (existing) {
    await existing.incrementalPatch(patch);
    return;
  }
  try {
    await collection.insert({ ...initial, ...patch });
  } catch {
    await (await collection.findOne(id).exec())?.incrementalPatch(patch);
  }
}

async function applyStep(step: Step, client: Client, schools: readonly SchoolFixture[]): Promise<void> {
  if (step.type === 'offline' || step.type === 'online') {
    client.offline = step.type === 'offline';
    if (!client.offline) for (const replication of client.replications) replication.reSync();
    return;
  }
  if (step.type === 'reload') {
    await reloadClient(client);
    return;
  }
  if (step.type === 'leaderTab') {
    await switchLeaderTab(client);
    return;
  }
  if (step.type === 'pull') {
    for (const replication of client.replications) replication.reSync();
    return;
  }
  const school = schools[step.key];
  if (!school) return;
  if (step.type === 'drop') {
    await dropSubject(client.database, school.subjectId);
    for (const replication of client.replications) replication.reSync();
    return;
  }
  // A write is made on a screen of the subject, which opens it first.
  await askForSubject(client.database, school.subjectId, Date.now());
  for (const replication of client.replications) replication.reSync();
  if (step.type === 'open') return;
  if (step.type === 'score') {
    const id = achievementId(school.subjectStudentId, school.scoreNameId);
    // The plan's points with hundredths that count the writes: within a run no two writes are alike.
    pointsCounter += 1;
    const points = (Math.min(step.points, 99) * 100 + (pointsCounter % 100)) / 100;
    await writeLocal(
      client.database.achievements,
      id,
      { points },
      {
        id,
        kind: AchievementDocKind.score,
        subjectId: school.subjectId,
        universityId: school.universityId,
        subjectStudentId: school.subjectStudentId,
        studentId: school.studentId,
        scoreNameId: school.scoreNameId,
        fullScore: 100,
        scheduleId: null,
        points,
        finalScore: null,
        comment: null,
        updatedAt: 0,
      },
    );
    return;
  }
  const id = attendanceId(school.classStudentId, school.scheduleId);
  tokenCounter += 1;
  const patch: Partial<AttendanceDoc> =
    step.type === 'comment'
      ? { comment: `t${tokenCounter}` }
      : { status: step.status, lateMinutes: step.status === AttendanceStatus.late ? 5 : null };
  await writeLocal(client.database.attendance, id, patch, {
    id,
    subjectId: school.subjectId,
    universityId: school.universityId,
    classStudentId: school.classStudentId,
    studentId: school.studentId,
    scheduleId: school.scheduleId,
    status: null,
    lateMinutes: null,
    absenceReasons: null,
    comment: null,
    updatedAt: 0,
    ...patch,
  });
}

async function pendingCount(database: SchoolDatabase): Promise<number> {
  return new Promise((resolve) => {
    const subscription = pendingCount$(database).subscribe((count) => {
      resolve(count);
      queueMicrotask(() => subscription.unsubscribe());
    });
  });
}

/** Opens every key's subject on the client and waits until their rows are all on it. */
async function openAll(client: Client, schools: readonly SchoolFixture[]): Promise<void> {
  const subjects = schools.map((school) => school.subjectId);
  for (const subjectId of subjects) await askForSubject(client.database, subjectId, Date.now());
  const filled = async () => {
    for (const name of ['attendance', 'achievements']) {
      const held = await heldSubjects(client.database, name);
      if (!subjects.every((subjectId) => held?.filled.includes(subjectId))) return false;
    }
    return true;
  };
  for (let round = 0; round < 2000 && !(await filled()); round++) {
    for (const replication of client.replications) replication.reSync();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await filled()).toBe(true);
}

async function settle(clients: readonly Client[], schools: readonly SchoolFixture[]): Promise<void> {
  for (const client of clients) await openAll(client, schools);
  // Twice round: the first lets every client push, the second lets every client pull what the others pushed.
  for (let round = 0; round < 2; round++) {
    await waitForWatermark(t.app.appDeps.db);
    for (const client of clients) {
      for (const replication of client.replications) {
        replication.reSync();
        await replication.state.awaitInSync();
      }
    }
  }
  for (const client of clients) expect(await pendingCount(client.database)).toBe(0);
}

async function serverDocs<Doc extends { id: string; updatedAt: number; _deleted: boolean }>(
  def: SyncCollectionDef<Doc>,
  ids: ReadonlySet<string>,
): Promise<Doc[]> {
  await waitForWatermark(t.app.appDeps.db);
  const documents: Doc[] = [];
  let checkpoint: SyncCheckpoint | null = null;
  for (;;) {
    const page: { documents: Doc[]; checkpoint: SyncCheckpoint | null } = await pullCollection(
      t.app.appDeps.db,
      def,
      admin,
      checkpoint,
      500,
    );
    documents.push(...page.documents.filter((doc) => ids.has(doc.id)));
    checkpoint = page.checkpoint;
    if (page.documents.length < 500) return documents.sort((a, b) => (a.id < b.id ? -1 : 1));
  }
}

async function localDocs(
  collection: SchoolDatabase['attendance'] | SchoolDatabase['achievements'],
  ids: ReadonlySet<string>,
) {
  const rows = await collection.find().exec();
  return rows
    .filter((row) => ids.has(row.id))
    .map((row) => ({ ...row.toMutableJSON(), _deleted: false }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** fast-check keeps the failing assertion as the error's cause: its message and, for vitest's, both sides. */
function describeCause(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error)) return String(cause);
  const sides = cause as Error & { actual?: unknown; expected?: unknown };
  return `${cause.message}\nactual: ${JSON.stringify(sides.actual)}\nexpected: ${JSON.stringify(sides.expected)}`;
}

/** Asserts that each acknowledged value of a row appears among that row's changes exactly once. */
function expectEachOnce<Value>(
  acknowledged: Acknowledged<Value>,
  changes: readonly { id: string; value: Value | null }[],
): void {
  for (const [id, values] of acknowledged) {
    for (const value of values) {
      const times = changes.filter((change) => change.id === id && change.value === value).length;
      expect({ id, value, times }).toEqual({ id, value, times: 1 });
    }
  }
}

describe('sync under faults', () => {
  it(
    'clients behind a faulty network, reloading and switching leader tabs now and then, end equal to the server, losing no acknowledged write and applying none twice',
    async () => {
      let reloads = 0;
      let leaderSwitches = 0;
      const property = fc.asyncProperty(
        stepsArbitrary,
        fc.array(faultArbitrary, { minLength: 30, maxLength: 80 }),
        async (steps, plan) => {
          const schools: SchoolFixture[] = [];
          for (let index = 0; index < KEYS; index++) schools.push(await createTaughtSchool(t.app.appDeps.db));
          // One after the other: each sign-in reads the code mailed for it, and two at once would mix them up.
          const clients: Client[] = [];
          for (let index = 0; index < CLIENTS; index++) clients.push(await startClient());
          proxy.setPlan(plan);
          try {
            for (const step of steps) {
              const client = clients[step.client];
              if (client) await applyStep(step, client, schools);
            }
            for (const client of clients) client.offline = false;
            proxy.setPlan([]);
            await settle(clients, schools);

            const attendanceIds = new Set(
              schools.map((school) => attendanceId(school.classStudentId, school.scheduleId)),
            );
            const scoreIds = new Set(
              schools.map((school) => achievementId(school.subjectStudentId, school.scoreNameId)),
            );
            const serverAttendance = await serverDocs(attendanceCollection, attendanceIds);
            const serverScores = await serverDocs(achievementsCollection, scoreIds);
            for (const client of clients) {
              expect(await localDocs(client.database.attendance, attendanceIds)).toEqual(serverAttendance);
              expect(await localDocs(client.database.achievements, scoreIds)).toEqual(serverScores);
            }

            // Every change a client made that the server acknowledged is in that row's history, once.
            const commentChanges = (await t.app.appDeps.db.select().from(attendanceHistory))
              .filter(
                (entry) => attendanceIds.has(entry.attendanceId) && entry.newComment !== entry.oldComment,
              )
              .map((entry) => ({ id: entry.attendanceId, value: entry.newComment }));
            const pointChanges = (await t.app.appDeps.db.select().from(scoreHistory))
              .filter((entry) => scoreIds.has(entry.achievementId) && entry.newPoints !== entry.oldPoints)
              .map((entry) => ({ id: entry.achievementId, value: entry.newPoints }));
            for (const client of clients) {
              expectEachOnce(client.acknowledgedComments, commentChanges);
              expectEachOnce(client.acknowledgedPoints, pointChanges);
            }
            // And no value was applied twice, acknowledged or not.
            for (const changes of [commentChanges, pointChanges]) {
              const values = changes.map((change) => `${change.id} ${change.value}`);
              expect(new Set(values).size).toBe(values.length);
            }
          } finally {
            for (const client of clients) {
              await stopClient(client);
              await client.database.remove();
              reloads += client.reloads;
              leaderSwitches += client.leaderSwitches;
            }
          }
        },
      );
      const failed: number[] = [];
      for (let seed = SEED; seed < SEED + SEEDS; seed++) {
        console.log(
          `fault property: seed ${seed}, ${RUNS} runs (replay: FAULT_SEED=${seed} FAULT_RUNS=${RUNS})`,
        );
        try {
          await fc.assert(property, { seed, numRuns: RUNS, endOnFailure: true });
        } catch (error) {
          if (SEEDS === 1) throw error;
          failed.push(seed);
          console.log(
            `fault property: seed ${seed} FAILED\n${String(error)}\nCaused by: ${describeCause(error)}`,
          );
        }
      }
      expect(failed).toEqual([]);
      expect(proxy.counts.dropAfter + proxy.counts.dropBefore + proxy.counts.cut).toBeGreaterThan(0);
      // Every run's plan holds a reload and a leader tab closing (`stepsArbitrary`): resuming from stored
      // checkpoints, with the database closed and reopened or kept open by another tab, was exercised.
      expect(reloads).toBeGreaterThan(0);
      expect(leaderSwitches).toBeGreaterThan(0);
    },
    120_000 * SEEDS,
  );
});
