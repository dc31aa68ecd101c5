import type { EventBulk, RxStorageChangeEvent, RxStorageInstance } from 'rxdb';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { REPLICATION_META_PREFIX, withSharedChanges } from './shared-changes';
import { fakeDexieStorage, type Note, noteStamped, noteSchema as schema } from './storage-test-notes';

const storage = withSharedChanges(fakeDexieStorage());

/** The collection `notes` of database `name` as one context opens it (a tab, the worker). */
function openIn(context: string, name: string): Promise<RxStorageInstance<Note, unknown, unknown>> {
  return storage.createStorageInstance<Note>({
    databaseInstanceToken: context,
    databaseName: name,
    collectionName: 'notes',
    schema,
    options: {},
    multiInstance: true,
    devMode: false,
  });
}

function write(instance: RxStorageInstance<Note, unknown, unknown>, id: string) {
  return instance.bulkWrite([{ document: noteStamped(id, Date.now()) }], 'test');
}

type Changes = EventBulk<RxStorageChangeEvent<Note>, unknown>;
const idsOf = (changes: Changes) => changes.events.map((event) => event.documentId);

// A context whose clock is behind the receiver's (what RxDB's own sharing drops) needs two JavaScript
// contexts: tests/e2e/schedules.spec.ts "my day" marks with the page's clock days behind the worker's.
describe('withSharedChanges', () => {
  it("hands a tab's write to the worker's instance and back, once each", async () => {
    const tab = await openIn('tab', 'shared-both-ways');
    const worker = await openIn('worker', 'shared-both-ways');
    const atWorker = firstValueFrom(worker.changeStream());
    await write(tab, 'from-tab');
    expect(idsOf(await atWorker)).toEqual(['from-tab']);
    const atTab = firstValueFrom(tab.changeStream());
    await write(worker, 'from-worker');
    expect(idsOf(await atTab)).toEqual(['from-worker']);
    await tab.close();
    await worker.remove();
  });

  it('keeps the collections of one database apart', async () => {
    const openOther = (context: string) =>
      storage.createStorageInstance<Note>({
        databaseInstanceToken: context,
        databaseName: 'shared-apart',
        collectionName: 'other',
        schema,
        options: {},
        multiInstance: true,
        devMode: false,
      });
    const notesInTab = await openIn('tab', 'shared-apart');
    const otherInTab = await openOther('tab');
    const otherInWorker = await openOther('worker');
    const seen: string[] = [];
    const watching = otherInWorker.changeStream().subscribe((changes) => seen.push(...idsOf(changes)));
    // One context's messages arrive in order: once the second is in, the first would have been.
    await write(notesInTab, 'a-note');
    await write(otherInTab, 'an-other');
    await vi.waitFor(() => expect(seen).toContain('an-other'));
    expect(seen).toEqual(['an-other']);
    watching.unsubscribe();
    await notesInTab.remove();
    await otherInTab.close();
    await otherInWorker.remove();
  });

  it('leaves the replication’s records unshared: only the worker that writes them reads them', async () => {
    const openRecords = (context: string) =>
      storage.createStorageInstance<Note>({
        databaseInstanceToken: context,
        databaseName: 'shared-records',
        collectionName: `${REPLICATION_META_PREFIX}abc`,
        schema,
        options: {},
        multiInstance: true,
        devMode: false,
      });
    const inWorker = await openRecords('worker');
    const inTab = await openRecords('tab');
    const notesInWorker = await openIn('worker', 'shared-records');
    const notesInTab = await openIn('tab', 'shared-records');
    const seen: string[] = [];
    const watching = inTab.changeStream().subscribe((changes) => seen.push(...idsOf(changes)));
    const ownSeen = firstValueFrom(inWorker.changeStream());
    await write(inWorker, 'a-record');
    expect(idsOf(await ownSeen)).toEqual(['a-record']);
    // A later message of the same context on the same channel has arrived: the record would have before it.
    const noteAtTab = firstValueFrom(notesInTab.changeStream());
    await write(notesInWorker, 'a-note');
    expect(idsOf(await noteAtTab)).toEqual(['a-note']);
    expect(seen).toEqual([]);
    watching.unsubscribe();
    await inTab.close();
    await inWorker.remove();
    await notesInTab.close();
    await notesInWorker.remove();
  });
});
