import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MasterDoc } from '../../domain/sync-docs';
import { masterDocSchema } from '../../domain/sync-docs';
import { masterCollection } from '../../server/modules/master/collection';
import type { SyncActor } from '../../server/sync/engine';
import { createMasterRow, pullThrough } from '../../server/testing/calls';
import { signIn, type TestApp, type TestSession } from '../../server/testing/test-app';
import { openDatabase, type SchoolDatabase } from '../../src/db/open-database';
import type { FirstPullProgress } from '../../src/db/sync-state';
import { isFirstPullDone } from '../../src/db/sync-state';
import type { FetchLike } from '../../src/sync/http';
import { type CollectionReplication, replicateCollection } from '../../src/sync/replicate-collection';
import { startLiveAppAsAdmin, withCookie } from './live-app';

// A device's first sync says how far it has got: the first page of each collection asks the server how many
// rows there are, every page adds what it brought, and the pull is recorded as done once its last page is
// stored, so every tab can tell data still arriving from data that is not the user's.

let t: TestApp;
let appUrl: string;
let admin: SyncActor;
let adminCookie: string;
let adminSession: TestSession;

beforeAll(async () => {
  const live = await startLiveAppAsAdmin();
  ({ t, url: appUrl, admin } = live);
  adminCookie = live.session.cookie;
  adminSession = await signIn(t.app, 'admin@demo.test');
});

afterAll(async () => {
  await t.close();
});

const PAGE = 10;
let opened = 0;
let device: SchoolDatabase | undefined;
let replication: CollectionReplication<MasterDoc> | undefined;

afterEach(async () => {
  await replication?.cancel();
  replication = undefined;
  await device?.remove();
  device = undefined;
});

async function openDevice(): Promise<SchoolDatabase> {
  opened += 1;
  device = await openDatabase(`first-sync-${opened}-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
    only: ['master', 'outbox'],
  });
  return device;
}

type Progress = Omit<FirstPullProgress, 'collection'>;

/** The admin's master replication on `database`, noting every pull URL and every progress report. */
function replicateMaster(
  database: SchoolDatabase,
  options: { done: boolean; fetchImpl?: FetchLike },
): { requests: URL[]; progress: Progress[]; storedWhenDone: Promise<number>[] } {
  const requests: URL[] = [];
  const progress: Progress[] = [];
  // The rows on the device as the pull reports itself done (read as the report comes).
  const storedWhenDone: Promise<number>[] = [];
  const fetchImpl = withCookie(adminCookie, options.fetchImpl);
  replication = replicateCollection({
    name: 'master',
    database,
    collection: database.master,
    docSchema: masterDocSchema,
    push: false,
    request: {
      fetchImpl: (input, init) => {
        const url = new URL(input);
        if (url.pathname.endsWith('/pull')) requests.push(url);
        return fetchImpl(input, init);
      },
      baseUrl: appUrl,
      clientBuild: 'test',
      csrfToken: { current: undefined },
    },
    batchSize: PAGE,
    waitForLeadership: false,
    retryMs: { min: 5, max: 40 },
    onSignInRequired: () => {},
    onUpdateRequired: () => {},
    onPulled: async () => {},
    firstPull: {
      done: options.done,
      onProgress: (report) => {
        progress.push(report);
        if (report.done) storedWhenDone.push(database.master.count().exec());
      },
    },
  }) as unknown as CollectionReplication<MasterDoc>;
  return { requests, progress, storedWhenDone };
}

async function serverMasterRows(): Promise<number> {
  return (await pullThrough(t.app.appDeps.db, masterCollection, admin, null, 500)).documents.filter(
    (doc) => !doc._deleted,
  ).length;
}

/**
 * A first pull cut by the network after its second page: its progress, and the checkpoints it asked for the
 * second and third pages with (the ends of the first and second pages).
 */
async function cutAfterTwoPages(
  database: SchoolDatabase,
): Promise<{ progress: Progress[]; firstPageEnd: string; secondPageEnd: string }> {
  let answered = 0;
  const cut = replicateMaster(database, {
    done: false,
    fetchImpl: async (input, init) => {
      answered += 1;
      if (answered > 2) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    },
  });
  await vi.waitFor(
    async () => {
      expect(await database.master.count().exec()).toBe(PAGE * 2);
      expect(cut.requests.length).toBeGreaterThanOrEqual(3);
    },
    { timeout: 20_000 },
  );
  await replication?.cancel();
  const [firstPageEnd, secondPageEnd] = [1, 2].map((index) =>
    cut.requests[index]?.searchParams.get('checkpoint'),
  );
  if (!firstPageEnd || !secondPageEnd) throw new Error('the cut run asked for no next page');
  return { progress: cut.progress, firstPageEnd, secondPageEnd };
}

/**
 * The next run after a cut, its first request sent from `checkpoint`. Which checkpoint RxDB stored depends on
 * whether the cut came before or after it stored the last page's: each test names the one it means.
 */
function resumeFrom(database: SchoolDatabase, checkpoint: string) {
  let resumed = false;
  return replicateMaster(database, {
    done: false,
    fetchImpl: async (input, init) => {
      const url = new URL(input);
      if (!resumed && url.pathname.endsWith('/pull')) {
        resumed = true;
        url.searchParams.set('checkpoint', checkpoint);
      }
      return fetch(url.toString(), init);
    },
  });
}

describe('the first pull of a collection', () => {
  it('counts once, reports every page of how many, and records itself done once the last page is stored', async () => {
    const rows = await serverMasterRows();
    expect(rows).toBeGreaterThan(PAGE * 2);
    const database = await openDevice();
    const { requests, progress, storedWhenDone } = replicateMaster(database, { done: false });
    await vi.waitFor(() => expect(progress.at(-1)?.done).toBe(true), { timeout: 20_000 });

    // Only the first call asks for the count; the server's answer is the whole of the user's master data.
    expect(requests.map((url) => url.searchParams.get('count'))).toEqual([
      '1',
      ...requests.slice(1).map(() => null),
    ]);
    expect(progress[0]).toEqual({ pulled: PAGE, total: rows, done: false });
    const pages = progress.filter((report) => !report.done);
    expect(pages.map((report) => report.pulled)).toEqual(
      pages.map((_, index) => Math.min(PAGE * (index + 1), rows)),
    );
    expect(pages.every((report) => report.total === rows)).toBe(true);
    expect(progress.at(-1)).toEqual({ pulled: rows, total: rows, done: true });
    // Done means stored: every row is on the device by the time the record says so.
    expect(await isFirstPullDone(database, 'master')).toBe(true);
    expect(await Promise.all(storedWhenDone)).toEqual([rows]);
  });

  it('raises the total when rows arrive while it runs', async () => {
    const database = await openDevice();
    let created = false;
    const { progress } = replicateMaster(database, {
      done: false,
      fetchImpl: async (input, init) => {
        const answer = await fetch(input, init);
        // Once the counted first page is answered, an admin adds a university elsewhere.
        if (!created && new URL(input).searchParams.get('count') === '1') {
          created = true;
          await createMasterRow(t.app, adminSession, 'universities', { name: `Arriving U ${Date.now()}` });
        }
        return answer;
      },
    });
    await vi.waitFor(() => expect(progress.at(-1)?.done).toBe(true), { timeout: 20_000 });
    const rows = await serverMasterRows();
    expect(progress[0]?.total).toBe(rows - 1);
    expect(progress.every((report) => report.total !== null && report.pulled <= report.total)).toBe(true);
    expect(progress.at(-1)).toEqual({ pulled: rows, total: rows, done: true });
  });

  it('resumed after a restart, counts on from the rows the cut run stored', async () => {
    const rows = await serverMasterRows();
    const database = await openDevice();
    const cut = await cutAfterTwoPages(database);
    expect(cut.progress.at(-1)).toEqual({ pulled: PAGE * 2, total: rows, done: false });

    const { requests, progress } = resumeFrom(database, cut.secondPageEnd);
    await vi.waitFor(() => expect(progress.at(-1)?.done).toBe(true), { timeout: 20_000 });
    // RxDB resumed from a stored checkpoint (the request as it sent it, before the test named which).
    expect(requests[0]?.searchParams.get('count')).toBe('1');
    expect(requests[0]?.searchParams.has('checkpoint')).toBe(true);
    expect(progress[0]).toEqual({ pulled: PAGE * 3, total: rows, done: false });
    expect(progress.at(-1)).toEqual({ pulled: rows, total: rows, done: true });
  });

  it('resumed from a checkpoint behind the rows the cut run stored, counts each of them once', async () => {
    const rows = await serverMasterRows();
    const database = await openDevice();
    // The cut came between storing the second page and storing its checkpoint: the next run asks from the
    // end of the first page, so its first page is rows the device already holds.
    const cut = await cutAfterTwoPages(database);
    const { progress } = resumeFrom(database, cut.firstPageEnd);
    await vi.waitFor(() => expect(progress.at(-1)?.done).toBe(true), { timeout: 20_000 });
    expect(progress[0]).toEqual({ pulled: PAGE * 2, total: rows, done: false });
    expect(progress[1]).toEqual({ pulled: PAGE * 3, total: rows, done: false });
    expect(progress.every((report) => report.total === rows)).toBe(true);
    expect(progress.at(-1)).toEqual({ pulled: rows, total: rows, done: true });
  });

  it('is neither counted nor reported again once it is done', async () => {
    const database = await openDevice();
    const { requests, progress } = replicateMaster(database, { done: true });
    await vi.waitFor(
      async () => expect(await database.master.count().exec()).toBe(await serverMasterRows()),
      {
        timeout: 20_000,
      },
    );
    await replication?.cancel();
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.every((url) => !url.searchParams.has('count'))).toBe(true);
    expect(progress).toEqual([]);
  });
});
