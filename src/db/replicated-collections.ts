import { SyncCollection } from '../../domain/sync';

/** The replicated collections by name: the device's own outbox and view cache left out. */
export type ReplicatedCollectionName = SyncCollection;

/**
 * Every replicated collection's name, in the order the worker starts them (the registry's order). Kept apart
 * from `open-database` so code that only names collections (the window's outbox counts) does not load RxDB.
 */
export const REPLICATED_COLLECTIONS: readonly ReplicatedCollectionName[] = Object.values(SyncCollection);
