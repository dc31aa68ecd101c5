import {
  addRxPlugin,
  createRxDatabase,
  type DexieSettings,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { LocalCollection, type SyncCollection } from '../../domain/sync';
import { databaseName } from './database-name';
import { RxDBEachDocumentOncePlugin } from './each-document-once';
import { withOrderedPulls } from './ordered-pulls';
import { type OutboxDocType, outboxMigrationStrategies, outboxSchema } from './outbox-schema';
import { rangeReadsMiddleware } from './range-reads';
import { withRisingWriteTimes } from './rising-write-times';
import { withSharedChanges } from './shared-changes';
import { SYNCED_COLLECTIONS } from './synced-collections';
import type { SyncedDocType } from './synced-schemas';
import { type ViewDocType, viewMigrationStrategies, viewSchema } from './views-schema';
import { withWholeRangeQueries } from './whole-range-queries';

/** The replicated `master` collection. */
export type MasterCollection = RxCollection<SyncedDocType<'master'>>;

/** The device's own outbox: pending writes and sync issues (never replicated). */
export type OutboxCollection = RxCollection<OutboxDocType>;

/** The collections of one user's local database: every replicated one of the registry, and its own. */
export type SchoolCollections = { [Name in SyncCollection]: RxCollection<SyncedDocType<Name>> } & {
  [LocalCollection.outbox]: OutboxCollection;
  [LocalCollection.views]: RxCollection<ViewDocType>;
};

/** One signed-in user's local database. */
export type SchoolDatabase = RxDatabase<SchoolCollections>;

/** Options for tests and the worker: Dexie settings (e.g. fake-indexeddb) and multi-instance mode. */
export type OpenDatabaseOptions = {
  dexie?: DexieSettings;
  multiInstance?: boolean;
  /**
   * Only these collections (tests that open several databases in one process: RxDB's free tier opens 13
   * collections per process). The app always opens all of them.
   */
  only?: readonly (keyof SchoolCollections)[];
};

// Named where the sign-out can read it without RxDB; still offered here beside the opening it names.
export { databaseName };

addRxPlugin(RxDBLocalDocumentsPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBEachDocumentOncePlugin);

/**
 * The storage, whose reads of many rows go by key range where that is cheaper (`rangeReadsMiddleware`), where
 * a pull never stores an older server state of a row than the one held (`withOrderedPulls`),
 * every write is stamped later than those before it whatever the clock says (`withRisingWriteTimes`) and
 * reaches the other tabs and the worker whatever the clock says (`withSharedChanges`),
 * wrapped with dev-mode checks and schema validation in development only: both are large and
 * slow, and RxDB must not ship them in a production build (STACK gotcha). `import.meta.env.DEV` is a build
 * constant, so the production bundle drops the dynamic imports entirely.
 */
async function createStorage(settings: DexieSettings | undefined): Promise<RxStorage<unknown, unknown>> {
  const dexie = getRxStorageDexie({
    ...settings,
    addons: [...(settings?.addons ?? []), (db) => db.use(rangeReadsMiddleware)],
  });
  const storage = withOrderedPulls(withRisingWriteTimes(withSharedChanges(withWholeRangeQueries(dexie))));
  if (import.meta.env.DEV) {
    const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
      import('rxdb/plugins/dev-mode'),
      import('rxdb/plugins/validate-ajv'),
    ]);
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    return wrappedValidateAjvStorage({ storage });
  }
  return storage;
}

/**
 * Opens the local database of a user with its collections. The window and the worker both open it; RxDB's
 * multi-instance mode carries changes between them over a BroadcastChannel.
 */
export async function openDatabase(
  userId: string,
  options: OpenDatabaseOptions = {},
): Promise<SchoolDatabase> {
  const database = await createRxDatabase<SchoolCollections>({
    name: databaseName(userId),
    storage: await createStorage(options.dexie),
    multiInstance: options.multiInstance ?? true,
    localDocuments: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  const collections = {
    ...SYNCED_COLLECTIONS,
    [LocalCollection.outbox]: { schema: outboxSchema, migrationStrategies: outboxMigrationStrategies },
    [LocalCollection.views]: { schema: viewSchema, migrationStrategies: viewMigrationStrategies },
  };
  const only = options.only;
  await database.addCollections(
    only
      ? Object.fromEntries(Object.entries(collections).filter(([name]) => only.some((kept) => kept === name)))
      : collections,
  );
  return database;
}
