import { z } from 'zod';

/** The collections replicated between the server and the browser's RxDB database. */
export const SyncCollection = {
  master: 'master',
} as const;

export type SyncCollection = (typeof SyncCollection)[keyof typeof SyncCollection];

/** Position in a collection's change stream: the last `(updatedAt, id)` the client holds. */
export const syncCheckpointSchema = z.strictObject({
  updatedAt: z.number().int().nonnegative(),
  id: z.string().max(128),
});

export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

/** Largest page a pull may ask for. */
export const SYNC_PULL_MAX_LIMIT = 1000;

/**
 * Query of `GET /api/sync/<collection>/pull`: `checkpoint` is the JSON of a checkpoint, absent on the first
 * pull; `limit` caps the page.
 */
export const syncPullQuerySchema = z.strictObject({
  checkpoint: z
    .string()
    .max(512)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return null;
      try {
        const parsed = syncCheckpointSchema.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // Reported below as an invalid checkpoint.
      }
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }),
  limit: z.coerce.number().int().min(1).max(SYNC_PULL_MAX_LIMIT).default(200),
});

export type SyncPullQuery = z.infer<typeof syncPullQuerySchema>;

/** Builds the answer schema of a pull for one collection's document schema. */
export function syncPullResponseSchema<Doc extends z.ZodType>(doc: Doc) {
  return z.object({ documents: z.array(doc), checkpoint: syncCheckpointSchema.nullable() });
}

/** A message on the `/ws` socket from the server. */
export const socketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), build: z.string() }),
  z.object({ type: z.literal('changed'), collections: z.array(z.string()) }),
]);

export type SocketMessage = z.infer<typeof socketMessageSchema>;

/** `GET /get-version-build`. */
export const versionBuildResponseSchema = z.object({ version: z.string(), build: z.string() });
