import type { RxCollection } from 'rxdb';
import { masterDocSchema } from '../../../domain/sync-docs';
import type { MasterDocType } from '../../db/master-schema';
import type { SchoolDatabase } from '../../db/open-database';
import type { FetchLike } from '../http';
import type { CollectionReplicationOptions, LocalDoc, ReplicationCore } from './core';

export const TEST_BASE_URL = 'http://school.test';

/** A fetch that fails the test when a step calls the server it was not meant to call. */
export const noServer: FetchLike = async (input) => {
  throw new Error(`no call expected, got ${String(input)}`);
};

/**
 * A step's view of the `master` collection of a test database, before RxDB's replication is made (no
 * `state`): what a step does on its own. `options` change the defaults.
 */
export function masterCore(
  database: SchoolDatabase,
  options: Partial<CollectionReplicationOptions<MasterDocType>> = {},
): ReplicationCore<MasterDocType> {
  return {
    options: {
      name: 'master',
      database,
      collection: database.master,
      docSchema: masterDocSchema as CollectionReplicationOptions<MasterDocType>['docSchema'],
      push: true,
      request: {
        fetchImpl: noServer,
        baseUrl: TEST_BASE_URL,
        clientBuild: 'test',
        csrfToken: { current: 't' },
      },
      waitForLeadership: false,
      onSignInRequired: () => {},
      onUpdateRequired: () => {},
      onPulled: async () => {},
      ...options,
    },
  };
}

/** The same for any collection of the test database. */
export function collectionCore<Doc extends LocalDoc>(
  database: SchoolDatabase,
  name: string,
  collection: RxCollection<Doc>,
  options: Partial<CollectionReplicationOptions<Doc>> = {},
): ReplicationCore<Doc> {
  const master = masterCore(database).options;
  return {
    options: {
      ...master,
      name,
      collection,
      docSchema: master.docSchema as unknown as CollectionReplicationOptions<Doc>['docSchema'],
      ...options,
    } as CollectionReplicationOptions<Doc>,
  };
}
