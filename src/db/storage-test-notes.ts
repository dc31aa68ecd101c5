import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRevision, fillWithDefaultSettings, type RxDocumentData, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

/** The row the storage wrappers' tests store: the least a collection can hold. */
export type Note = { id: string; text: string };

/** The schema of `Note`, as RxDB fills it in. */
export const noteSchema = fillWithDefaultSettings<Note>({
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, text: { type: 'string' } },
  required: ['id', 'text'],
} as RxJsonSchema<Note>);

/** Dexie on fake IndexedDB, the storage the wrappers under test wrap. */
export const fakeDexieStorage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });

/** A new row as RxDB hands it to the storage, stamped `lwt`. */
export function noteStamped(id: string, lwt: number): RxDocumentData<Note> {
  const document = { id, text: id, _deleted: false, _attachments: {}, _meta: { lwt }, _rev: '' };
  return { ...document, _rev: createRevision('token') };
}
