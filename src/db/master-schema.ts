import type { SyncedDocType } from './synced-schemas';

/** A master row as stored locally (its collection is defined with the others in `synced-collections.ts`). */
export type MasterDocType = SyncedDocType<'master'>;
