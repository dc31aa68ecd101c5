import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncCollection } from '../../domain/sync';
import { peopleCollection } from '../../server/modules/people/collection';
import { schedulesCollection } from '../../server/modules/schedules/collection';
import { subjectsCollection } from '../../server/modules/subjects/collection';
import type { SyncActor } from '../../server/sync/engine';
import { pullThrough } from '../../server/testing/calls';
import type { TestApp } from '../../server/testing/test-app';
import { aheadRowsAsked, askAheadForRows, askNamesOfClass, subjectsAhead } from '../../src/db/ahead-asks';
import { askForSubject, subjectsKept } from '../../src/db/demand-subjects';
import { openDatabase } from '../../src/db/open-database';
import { type AnyReplicatedDoc, replicatedCollection } from '../../src/db/outbox';
import { isFirstPullDone } from '../../src/db/sync-state';
import { clientCollection } from '../../src/sync/collections';
import { replicateCollection } from '../../src/sync/replicate-collection';
import { startLiveAppAsAdmin, withCookie } from './live-app';

// While the first pull of a collection pulled whole runs, the rows a screen waits for come ahead of the rest
// (docs/on-demand-sync.md, "Ahead of the first pull"): the subject of a row asked for, then the subjects
// screens opened, each whole, before the pull goes on; and once the pull is done the device holds exactly the
// server's rows.

let t: TestApp;
let appUrl: string;
let admin: SyncActor;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  ({ t, url: appUrl, admin, session } = await startLiveAppAsAdmin({ demoScale: 1 }));
});

afterAll(async () => {
  await t.close();
});

type Doc = { id: string; subjectId: string };

async function serverDocs(collection: 'subjects' | 'schedules'): Promise<Doc[]> {
  const db = t.app.appDeps.db;
  return collection === 'subjects'
    ? (await pullThrough(db, subjectsCollection, admin, null, 100_000)).documents
    : (await pullThrough(db, schedulesCollection, admin, null, 100_000)).documents;
}

/**
 * A new device's first pull of `name`, in pages of `batchSize`, held until `start()` (as the master data's
 * first pull holds it), every call's query recorded.
 */
async function firstPullOf(name: 'subjects' | 'schedules' | 'people', batchSize: number) {
  const database = await openDatabase(`ahead-${name}-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
    only: [name],
  });
  const calls: URLSearchParams[] = [];
  const recorded = withCookie(session.cookie, (input, init) => {
    calls.push(new URL(input).searchParams);
    return fetch(input, init);
  });
  let start = () => {};
  const pullAfter = new Promise<void>((resolve) => (start = resolve));
  const replication = replicateCollection<AnyReplicatedDoc>({
    name: name as SyncCollection,
    database,
    collection: replicatedCollection(database, name),
    docSchema: clientCollection(name).docSchema,
    push: false,
    request: {
      fetchImpl: recorded,
      baseUrl: appUrl,
      clientBuild: 'test',
      csrfToken: { current: session.csrf },
    },
    batchSize,
    waitForLeadership: false,
    retryMs: { min: 5, max: 40 },
    onSignInRequired: () => {},
    onUpdateRequired: () => {},
    onPulled: async () => {},
    firstPull: { done: false, onProgress: () => {} },
    pullAfter,
    ahead: {
      byId: name === 'people',
      subjectsOpened: () => subjectsKept(database, Date.now()),
      opened: (subjectId) => askForSubject(database, subjectId, Date.now()),
      // As the sync engine does for `subjects` while the people's first pull runs.
      ...(name === 'subjects'
        ? {
            askNext: (page: readonly AnyReplicatedDoc[], classId: string) =>
              askNamesOfClass(database, page, classId),
          }
        : {}),
    },
  });
  const local = async () =>
    (await replicatedCollection(database, name).find().exec()).map((doc) => doc.primary).sort();
  // A deadline, not a count of rounds: on a busy CI machine a round takes far longer than its sleep.
  const until = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(await done())) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await done()).toBe(true);
  };
  const close = async () => {
    await replication.cancel();
    await database.remove();
  };
  return { database, calls, start, local, until, close };
}

describe('rows wanted ahead of a first pull', () => {
  it('brings the subject of a row a screen waits for first, whole, then the rest, and holds the server’s rows', async () => {
    const server = await serverDocs('subjects');
    const classRow = server.findLast((doc) => (doc as { kind?: string }).kind === 'class');
    if (!classRow) throw new Error('the demo school has no class');
    const ofSubject = server.filter((doc) => doc.subjectId === classRow.subjectId).map((doc) => doc.id);
    // Ten pages for the whole school: the class would come late without the ask.
    const batchSize = Math.ceil(server.length / 10);
    const device = await firstPullOf('subjects', batchSize);
    try {
      await askAheadForRows(device.database, 'subjects', [classRow.id]);
      device.start();
      // The subject's rows come first, whole; the row is let go of and its subject recorded as here.
      await device.until(async () =>
        (await subjectsAhead(device.database, 'subjects')).includes(classRow.subjectId),
      );
      await device.until(async () => (await aheadRowsAsked(device.database, 'subjects')).length === 0);
      expect(device.calls[0]?.get('subjectOf')).toBe(classRow.id);
      const held = new Set(await device.local());
      for (const id of ofSubject) expect(held.has(id)).toBe(true);
      expect(await aheadRowsAsked(device.database, 'subjects')).toEqual([]);
      // Opened for the other collections, as a screen would have opened it.
      expect(await subjectsKept(device.database, Date.now())).toEqual([classRow.subjectId]);
      // And the names of the class's students asked for, as the class sheet would once it read its roster.
      const students = server.flatMap((doc) => {
        const row = doc as { kind?: string; classId?: string | null; studentId?: string | null };
        return row.kind === 'classStudent' && row.classId === classRow.id && row.studentId
          ? [row.studentId]
          : [];
      });
      expect(students.length).toBeGreaterThan(0);
      expect((await aheadRowsAsked(device.database, 'people')).sort()).toEqual([...new Set(students)].sort());
      // Then the rest; once the first pull is done, what was asked for is let go of.
      await device.until(() => isFirstPullDone(device.database, 'subjects'));
      expect(await device.local()).toEqual(server.map((doc) => doc.id).sort());
      await device.until(async () => (await subjectsAhead(device.database, 'subjects')).length === 0);
      expect(await aheadRowsAsked(device.database, 'subjects')).toEqual([]);
    } finally {
      await device.close();
    }
  }, 120_000);

  it('brings a subject a screen opened ahead, records it here, and lets go of a row the server refuses', async () => {
    const server = await serverDocs('schedules');
    const subjectId = server.at(-1)?.subjectId;
    if (!subjectId) throw new Error('the demo school has no sittings');
    const batchSize = Math.ceil(server.length / 10);
    const device = await firstPullOf('schedules', batchSize);
    try {
      await askForSubject(device.database, subjectId, Date.now());
      // A record an older build could have left: not an id the server takes.
      await device.database.upsertLocal('ahead-rows-schedules', { ids: ['x'.repeat(200)] });
      device.start();
      await device.until(async () => (await subjectsAhead(device.database, 'schedules')).includes(subjectId));
      expect(
        device.calls.slice(0, 2).map((query) => [query.get('subjectOf'), query.get('subjects')]),
      ).toEqual([
        ['x'.repeat(200), null],
        [null, subjectId],
      ]);
      const held = new Set(await device.local());
      for (const doc of server.filter((row) => row.subjectId === subjectId))
        expect(held.has(doc.id)).toBe(true);
      await device.until(() => isFirstPullDone(device.database, 'schedules'));
      expect(await device.local()).toEqual(server.map((doc) => doc.id).sort());
    } finally {
      await device.close();
    }
  }, 120_000);

  it('brings rows asked for by id (a class’s students, by student id) first, then the rest', async () => {
    const server = (await pullThrough(t.app.appDeps.db, peopleCollection, admin, null, 100_000)).documents;
    const students = server.filter((doc) => doc.studentId !== null).slice(-3);
    const asked = students.map((doc) => doc.studentId ?? '');
    const device = await firstPullOf('people', Math.ceil(server.length / 10));
    try {
      await askAheadForRows(device.database, 'people', asked);
      device.start();
      await device.until(async () => (await aheadRowsAsked(device.database, 'people')).length === 0);
      expect(device.calls[0]?.get('ids')?.split(',').sort()).toEqual([...asked].sort());
      const held = new Set(await device.local());
      for (const doc of students) expect(held.has(doc.id)).toBe(true);
      await device.until(() => isFirstPullDone(device.database, 'people'));
      expect(await device.local()).toEqual(server.map((doc) => doc.id).sort());
    } finally {
      await device.close();
    }
  }, 120_000);

  it('takes only ids as rows to ask for', async () => {
    const device = await firstPullOf('subjects', 20);
    try {
      await askAheadForRows(device.database, 'subjects', ['']);
      await askAheadForRows(device.database, 'subjects', ['y'.repeat(129)]);
      expect(await aheadRowsAsked(device.database, 'subjects')).toEqual([]);
    } finally {
      await device.close();
    }
  });
});
