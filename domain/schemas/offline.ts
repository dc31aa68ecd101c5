import { z } from 'zod';
import { OFFLINE_FIRST_ROLES } from '../roles';
import type { CallSlice } from './common';

/** Name of the Cache Storage cache of offline views (SPEC §4). */
export const VIEW_CACHE_NAME = 'view-caches';
/** Pages cached for offline use after login (SPEC §4). */
export const OFFLINE_PRESET_PAGES = ['/', '/master-data', '/attendance', '/achievement'] as const;
/** Table of the offline queue in the browser database (SPEC §3). */
export const OFFLINE_QUEUE_TABLE = 'queues';
/** The header marking a replayed offline write (SPEC §7, ARCHITECTURE §3). */
export const OFFLINE_ORIGIN_HEADER = 'X-Offline-Origin';

/** Queue item status (SPEC §3): waiting to be sent, or `false` after a failure other than a 4xx. */
export const OfflineQueueStatus = { waiting: 'waiting', failed: false } as const;
export type OfflineQueueStatus = (typeof OfflineQueueStatus)[keyof typeof OfflineQueueStatus];
/** Zod schema of a queue item status. */
export const offlineQueueStatusSchema = z.union([
  z.literal(OfflineQueueStatus.waiting),
  z.literal(OfflineQueueStatus.failed),
]);

/**
 * An offline queue item (SPEC §3: id, value, time, url, status). `value` is the JSON body to post to `url`,
 * checked against the call's body schema when it is queued and again by the server; `time` is when it was
 * queued (ms since the epoch), so replays keep their order.
 */
export const offlineQueueItemSchema = z.object({
  id: z.number().int().nonnegative(),
  value: z.json(),
  time: z.number().int().nonnegative(),
  url: z.string().min(1),
  status: offlineQueueStatusSchema,
});
/** An offline queue item. */
export type OfflineQueueItem = z.infer<typeof offlineQueueItemSchema>;

/** `GET /api/offline/get-files-render`: the built files (scripts, styles, images) a user's offline use needs. */
export const offlineFilesResponseSchema = z.object({ files: z.array(z.string()) });
/** `GET /api/offline/get-data-caches`: the data URLs to prefetch into the view cache, in batches of 5. */
export const offlineDataCachesResponseSchema = z.object({ urls: z.array(z.string()) });

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const offlineCalls = {
  // SPEC §4: every role but 0 and 3 caches offline data after login (guardians too, issue 43).
  'GET /api/offline/get-files-render': { roles: OFFLINE_FIRST_ROLES, response: offlineFilesResponseSchema },
  'GET /api/offline/get-data-caches': {
    roles: OFFLINE_FIRST_ROLES,
    response: offlineDataCachesResponseSchema,
  },
} as const satisfies CallSlice;
