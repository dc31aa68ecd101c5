import { OFFLINE_FIRST_ROLES, SYNC_PULL_ROLES } from '../roles';
import {
  syncCollectionParamsSchema,
  syncedDocSchema,
  syncPullQuerySchema,
  syncPullResponseSchema,
  syncPushRequestSchema,
  syncPushResponseSchema,
  versionBuildResponseSchema,
} from '../sync';
import { masterDocSchema, notificationDocSchema } from '../sync-docs';
import type { CallSlice } from './common';

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const syncCalls = {
  'GET /get-version-build': { roles: 'public', response: versionBuildResponseSchema },
  'GET /api/sync/master/pull': {
    roles: 'signedIn',
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(masterDocSchema),
  },
  // Replication of the other collections: the roles that keep offline data (SPEC §4) and observers, who read
  // online; each collection narrows its rows to the user's scope, and a push refuses foreign rows in-band.
  'GET /api/sync/:collection/pull': {
    roles: SYNC_PULL_ROLES,
    params: syncCollectionParamsSchema,
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(syncedDocSchema),
  },
  'POST /api/sync/:collection/push': {
    roles: OFFLINE_FIRST_ROLES,
    params: syncCollectionParamsSchema,
    body: syncPushRequestSchema(syncedDocSchema),
    response: syncPushResponseSchema(syncedDocSchema),
  },
  // The bell's notifications: every role reads its own and marks them read (the push takes only that).
  'GET /api/sync/notifications/pull': {
    roles: 'signedIn',
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(notificationDocSchema),
  },
  'POST /api/sync/notifications/push': {
    roles: 'signedIn',
    body: syncPushRequestSchema(notificationDocSchema),
    response: syncPushResponseSchema(notificationDocSchema),
  },
} as const satisfies CallSlice;
