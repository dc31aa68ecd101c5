import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { filter, firstValueFrom } from 'rxjs';
import { type AttendanceDoc, attendanceDocSchema } from '../../domain/sync-docs';
import { attendanceCollection } from '../../server/modules/attendance/collection';
import type { SyncActor } from '../../server/sync/engine';
import { pullThrough } from '../../server/testing/calls';
import { demoAdminActor } from '../../server/testing/school-fixture';
import { buildTestApp, signIn, type TestApp } from '../../server/testing/test-app';
import { openDatabase, type SchoolDatabase } from '../../src/db/open-database';
import { pendingCount$, trackLocalWrites } from '../../src/db/outbox';
import type { FetchLike } from '../../src/sync/http';
import { type CollectionReplication, replicateCollection } from '../../src/sync/replicate-collection';

/** The real app listening on loopback, for clients that replicate over HTTP in Node. */
export async function startLiveApp(
  config: Parameters<typeof buildTestApp>[0] = {},
): Promise<{ t: TestApp; url: string }> {
  const t = await buildTestApp(config);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { t, url: `http://127.0.0.1:${address.port}` };
}

/** Signs `email` in through the app and returns its cookie header and CSRF token. */
export async function signInCookie(t: TestApp, email: string): Promise<{ cookie: string; csrf: string }> {
  const session = await signIn(t.app, email);
  const cookie = Object.entries(session.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return { cookie, csrf: session.csrfToken };
}

/** A fetch that sends the session's cookie with every call, as the browser does. */
export function withCookie(
  cookie: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): FetchLike {
  return (input, init) =>
    fetchImpl(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie } });
}

/** A device's local database holding attendance and the outbox, on fake IndexedDB, writes tracked. */
export async function openAttendanceDevice(name: string): Promise<SchoolDatabase> {
  const database = await openDatabase(name, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
    only: ['attendance', 'outbox'],
  });
  trackLocalWrites(database, () => false);
  return database;
}

/** The attendance replication of a device against the live app at `url`, retrying within milliseconds. */
export function replicateAttendance(
  database: SchoolDatabase,
  options: {
    url: string;
    fetchImpl: FetchLike;
    csrf: string;
    batchSize?: number;
    /** Kept subject by subject, as an admin's device keeps it (`bySubject` of the replication). */
    bySubject?: { kept(): Promise<readonly string[]> };
  },
): CollectionReplication<AttendanceDoc> {
  return replicateCollection({
    name: 'attendance',
    database,
    collection: database.attendance,
    docSchema: attendanceDocSchema,
    push: true,
    request: {
      fetchImpl: options.fetchImpl,
      baseUrl: options.url,
      clientBuild: 'test',
      csrfToken: { current: options.csrf },
    },
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.bySubject ? { bySubject: options.bySubject } : {}),
    waitForLeadership: false,
    retryMs: { min: 5, max: 40 },
    onSignInRequired: () => {},
    onUpdateRequired: () => {},
    onPulled: async () => {},
  }) as unknown as CollectionReplication<AttendanceDoc>;
}

/** The live app with the demo admin signed in: their sync actor (for server-side reads) and their cookie. */
export async function startLiveAppAsAdmin(config: Parameters<typeof buildTestApp>[0] = {}): Promise<{
  t: TestApp;
  url: string;
  admin: SyncActor;
  session: { cookie: string; csrf: string };
}> {
  const { t, url } = await startLiveApp(config);
  return {
    t,
    url,
    admin: await demoAdminActor(t.app.appDeps.db),
    session: await signInCookie(t, 'admin@demo.test'),
  };
}

/** The server's attendance mark `id` as `actor` pulls it, if any. */
export async function serverMark(
  t: TestApp,
  actor: SyncActor,
  id: string,
): Promise<AttendanceDoc | undefined> {
  const { documents } = await pullThrough(t.app.appDeps.db, attendanceCollection, actor, null, 500);
  return documents.find((doc) => doc.id === id);
}

/** Resolves once the device holds no write waiting to be sent. */
export async function allSent(database: SchoolDatabase): Promise<void> {
  await firstValueFrom(pendingCount$(database).pipe(filter((pending) => pending === 0)));
}
