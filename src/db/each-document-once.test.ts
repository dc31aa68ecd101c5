import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import {
  createRevision,
  type EventBulk,
  type RxDocumentData,
  type RxStorageChangeEvent,
  type RxStorageInstance,
} from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MasterKind } from '../../domain/master-kind';
import { masterRow } from './database-test-helper';
import { eachDocumentOnce, liveCount$ } from './each-document-once';
import type { MasterDocType } from './master-schema';
import { databaseName, openDatabase, type SchoolDatabase } from './open-database';
import { type SharedChanges, sharedChangesChannel } from './shared-changes';

type Changes = EventBulk<RxStorageChangeEvent<MasterDocType>, unknown>;

/**
 * A tab's database and the worker's `master` collection under it, with the worker's messages in the test's
 * hands: the worker stores rows on the same IndexedDB, and the test decides when the window hears of them
 * (the message a BroadcastChannel carries between the two threads of a browser lands whenever it lands).
 */
async function tabAndWorker(user: string) {
  const tab = await openDatabase(user, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: true,
    only: ['master'],
  });
  const worker: RxStorageInstance<MasterDocType, unknown, unknown> = await getRxStorageDexie({
    indexedDB,
    IDBKeyRange,
  }).createStorageInstance<MasterDocType>({
    databaseInstanceToken: 'worker',
    databaseName: databaseName(user),
    collectionName: 'master',
    schema: tab.master.schema.jsonSchema,
    options: {},
    multiInstance: false,
    devMode: false,
  });
  const channel = new BroadcastChannel(sharedChangesChannel(databaseName(user)));
  let revision = 0;
  return {
    tab,
    /** Stores `doc` as the worker's pull does, and hands back the message that tells the tabs of it. */
    async store(doc: MasterDocType, previous?: RxDocumentData<MasterDocType>): Promise<Changes> {
      revision += 1;
      const document: RxDocumentData<MasterDocType> = {
        ...doc,
        _deleted: false,
        _attachments: {},
        _meta: { lwt: Date.now() + revision },
        _rev: createRevision('worker', previous),
      };
      const changes = firstValueFrom(worker.changeStream());
      await worker.bulkWrite([previous ? { document, previous } : { document }], 'worker-pull');
      return changes;
    },
    /** The worker's message reaching the tab. */
    tell(changes: Changes) {
      channel.postMessage({
        collectionName: 'master',
        version: tab.master.schema.version,
        eventBulk: changes,
      } satisfies SharedChanges);
    },
    async close() {
      channel.close();
      await worker.close();
      await tab.remove();
    },
  };
}

let opened: Awaited<ReturnType<typeof tabAndWorker>> | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The universities list of the master-setting screen, as each emission held it: ids in order. */
function watchUniversities(tab: SchoolDatabase) {
  const seen: { ids: string[]; names: string[] }[] = [];
  const subscription = tab.master
    .find({ selector: { kind: MasterKind.universities }, sort: [{ name: 'asc' }] })
    .$.subscribe((documents) =>
      seen.push({ ids: documents.map((doc) => doc.primary), names: documents.map((doc) => doc.name) }),
    );
  return { seen, stop: () => subscription.unsubscribe() };
}

const university = (id: string, name: string) => masterRow({ id, kind: MasterKind.universities, name });

describe('a live list during a first sync', () => {
  it('shows the first row once when the worker’s message about it lands after the list has read it', async () => {
    opened = await tabAndWorker(`late-first-${Date.now()}`);
    const { tab } = opened;
    opened.tell(await opened.store(university('u-later', '琉球学園大学')));
    // The worker stores the row that sorts first; its message is still on the way when the screen opens.
    const late = await opened.store(university('u-first', '東都国際大学'));
    const list = watchUniversities(tab);
    await vi.waitFor(() => expect(list.seen.at(-1)?.ids).toEqual(['u-first', 'u-later']));
    opened.tell(late);
    // The message is applied (a new list is emitted for it) and the row is still there once.
    await vi.waitFor(() => expect(list.seen.length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    list.stop();
    for (const emitted of list.seen) expect(emitted.ids).toEqual(['u-first', 'u-later']);
  });

  it('keeps the newer state of a row in its place when an older state’s message lands after the list read the newer one', async () => {
    opened = await tabAndWorker(`late-older-${Date.now()}`);
    const { tab } = opened;
    opened.tell(await opened.store(university('u-m', 'M University')));
    // The worker stores a row and then its update (a later page, or a change during the sync); the list reads
    // the update before either message arrives.
    const firstState = university('u-x', 'A First Name');
    const inserted = await opened.store(firstState);
    const insertedDoc = inserted.events[0]?.documentData;
    if (!insertedDoc) throw new Error('no stored row');
    const renamed = await opened.store(university('u-x', 'B Renamed'), insertedDoc);
    const list = watchUniversities(tab);
    await vi.waitFor(() => expect(list.seen.at(-1)?.names).toEqual(['B Renamed', 'M University']));
    opened.tell(inserted);
    await vi.waitFor(() => expect(list.seen.length).toBeGreaterThan(1));
    opened.tell(renamed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    list.stop();
    for (const emitted of list.seen) expect(emitted.names).toEqual(['B Renamed', 'M University']);
  });
});

describe('a live count during a first sync', () => {
  it('counts a row once when the worker’s message about it lands after the count has read it', async () => {
    opened = await tabAndWorker(`late-count-${Date.now()}`);
    const { tab } = opened;
    opened.tell(await opened.store(university('u-later', '琉球学園大学')));
    const late = await opened.store(university('u-first', '東都国際大学'));
    const seen: number[] = [];
    const subscription = liveCount$(tab.master, { selector: { kind: MasterKind.universities } }).subscribe(
      (count) => seen.push(count),
    );
    await vi.waitFor(() => expect(seen.at(-1)).toBe(2));
    opened.tell(late);
    // RxDB's own live count (`count().$`) adds the late insert to what it had read, and shows 2, 3, 4 here.
    opened.tell(await opened.store(university('u-third', '北陸工科大学')));
    await vi.waitFor(() => expect(seen.at(-1)).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    expect(seen).toEqual([2, 3]);
  });
});

describe('eachDocumentOnce', () => {
  const stored = (id: string, name: string, height: number) =>
    ({ ...university(id, name), _rev: `${height}-abc`, _deleted: false }) as unknown as RxDocumentData<
      MasterDocType & { _rev: string }
    >;

  it('hands back the same list when no document repeats', () => {
    const docs = [stored('a', 'A', 1), stored('b', 'B', 1)];
    expect(eachDocumentOnce(docs, 'id')).toBe(docs);
  });

  it('keeps the latest revision of a repeated document, where it stands', () => {
    const docs = [stored('x', 'Old', 1), stored('a', 'A', 1), stored('x', 'New', 2), stored('a', 'A', 1)];
    expect(eachDocumentOnce(docs, 'id').map((doc) => `${doc.id}:${doc.name}`)).toEqual(['a:A', 'x:New']);
  });
});
