import { getChangedDocumentsSince, type RxStorageInstance } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { withRisingWriteTimes } from './rising-write-times';
import {
  fakeDexieStorage,
  type Note,
  noteSchema as schema,
  noteStamped as stamped,
} from './storage-test-notes';

const storage = withRisingWriteTimes(fakeDexieStorage());

/** One page load's instance of the collection `name` (a reload opens a new one on the same data). */
function open(name: string): Promise<RxStorageInstance<Note, unknown, unknown>> {
  return storage.createStorageInstance<Note>({
    databaseInstanceToken: 'token',
    databaseName: name,
    collectionName: 'notes',
    schema,
    options: {},
    multiInstance: false,
    devMode: false,
  });
}

async function writeTimeOf(instance: RxStorageInstance<Note, unknown, unknown>, id: string) {
  const [row] = await instance.findDocumentsById([id], false);
  return row?._meta.lwt;
}

describe('withRisingWriteTimes', () => {
  it('keeps the time RxDB stamped while the clock moves forward', async () => {
    const instance = await open('rising-forward');
    // As RxDB stamps a write: a hundredth of a millisecond past the clock.
    const now = Date.now() + 0.01;
    await instance.bulkWrite([{ document: stamped('a', now) }, { document: stamped('b', now + 5) }], 'test');
    expect(await writeTimeOf(instance, 'a')).toBe(now);
    expect(await writeTimeOf(instance, 'b')).toBe(now + 5);
    await instance.remove();
  });

  it('after a reload with the clock set back, stamps a write after every stored one, so a resumed push finds it', async () => {
    const later = Date.now() + 60 * 60 * 1000;
    let instance = await open('rising-reload');
    await instance.bulkWrite([{ document: stamped('sent', later) }], 'test');
    await instance.close();

    instance = await open('rising-reload');
    await instance.bulkWrite([{ document: stamped('waiting', Date.now()) }], 'test');
    expect(await writeTimeOf(instance, 'waiting')).toBeGreaterThan(later);
    // Where RxDB's push resumes: after the latest write it sent.
    const resumed = await getChangedDocumentsSince(instance, 10, { id: 'sent', lwt: later });
    expect(resumed.documents.map((row) => row.id)).toEqual(['waiting']);
    await instance.remove();
  });

  it('orders two writes stamped with the same time one after the other', async () => {
    const instance = await open('rising-same');
    // As RxDB stamps a write: a hundredth of a millisecond past the clock.
    const now = Date.now() + 0.01;
    await instance.bulkWrite([{ document: stamped('a', now) }], 'test');
    await instance.bulkWrite([{ document: stamped('b', now) }], 'test');
    expect(await writeTimeOf(instance, 'b')).toBeGreaterThan(now);
    await instance.remove();
  });
});
