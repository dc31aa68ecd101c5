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
  'GET /get-version-build': { response: versionBuildResponseSchema },
  'GET /api/sync/master/pull': {
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(masterDocSchema),
  },
  'GET /api/sync/:collection/pull': {
    params: syncCollectionParamsSchema,
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(syncedDocSchema),
  },
  'POST /api/sync/:collection/push': {
    params: syncCollectionParamsSchema,
    body: syncPushRequestSchema(syncedDocSchema),
    response: syncPushResponseSchema(syncedDocSchema),
  },
  'GET /api/sync/notifications/pull': {
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(notificationDocSchema),
  },
  'POST /api/sync/notifications/push': {
    body: syncPushRequestSchema(notificationDocSchema),
    response: syncPushResponseSchema(notificationDocSchema),
  },
} as const satisfies CallSlice;
