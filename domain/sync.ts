import { z } from 'zod';
import { type AccountRole, ROLE_LIST, Role } from './roles';
import { idListSchema } from './schemas/common';

/** The collections replicated between the server and the browser's RxDB database. */
export const SyncCollection = {
  master: 'master',
  people: 'people',
  attendance: 'attendance',
  achievements: 'achievements',
  stickies: 'stickies',
  notifications: 'notifications',
  requests: 'requests',
  notes: 'notes',
  subjects: 'subjects',
  schedules: 'schedules',
  lessons: 'lessons',
} as const;

export type SyncCollection = (typeof SyncCollection)[keyof typeof SyncCollection];

/**
 * The collections the browser keeps for itself and never replicates: the outbox (pending writes and sync
 * issues) and the cache of online-only views (ARCHITECTURE §3).
 */
export const LocalCollection = { outbox: 'outbox', views: 'views' } as const;

export type LocalCollection = (typeof LocalCollection)[keyof typeof LocalCollection];

/**
 * How many collections the browser's database may open: RxDB's free tier opens at most 13 per realm (the
 * 14th stalls, the 15th throws), so a new kind of row joins a collection of its shape before it gets its own.
 */
export const MAX_BROWSER_COLLECTIONS = 13;

/** Every collection the browser's database opens: the replicated ones, then its own. */
export const BROWSER_COLLECTIONS: readonly (SyncCollection | LocalCollection)[] = [
  ...Object.values(SyncCollection),
  ...Object.values(LocalCollection),
];

// A guardian pulls what their children's screens show, as the child sees it (issue 43): the children's
// class work, requests, subjects, sittings and lessons, and the name cards they need; no plans or notes, no
// dashboard cards.
const CLASS_WORK_READERS = [Role.teacher, Role.admin, Role.student, Role.guardian] as const;
const CLASS_WORK_WRITERS = [Role.teacher, Role.admin] as const;
const SUBJECT_READERS = [Role.observer, Role.teacher, Role.admin, Role.student, Role.guardian] as const;

/**
 * Who pulls and who pushes each collection (the permission table of the sync calls). The server narrows the
 * rows further by each user's scope and checks every pushed row's own rule (`mayEditClassWork`, ...).
 */
export const SYNC_COLLECTION_ROLES: Record<
  SyncCollection,
  { pull: readonly AccountRole[]; push: readonly AccountRole[] }
> = {
  master: { pull: ROLE_LIST, push: [Role.admin] },
  people: { pull: SUBJECT_READERS, push: [] },
  attendance: { pull: CLASS_WORK_READERS, push: CLASS_WORK_WRITERS },
  achievements: { pull: CLASS_WORK_READERS, push: CLASS_WORK_WRITERS },
  // Each user pulls their own cards; the super admin has no dashboard (SPEC §2). Closing is the REST call.
  stickies: { pull: [Role.observer, Role.teacher, Role.admin, Role.student], push: [] },
  // Everybody has the bell; marking read is the one write, pushed (offline too) by the owner only.
  notifications: { pull: ROLE_LIST, push: ROLE_LIST },
  // SPEC §6: /requests is for teachers, admins and students; students create and cancel, staff decide.
  // Guardians file and cancel for their children (issue 43).
  requests: { pull: CLASS_WORK_READERS, push: CLASS_WORK_READERS },
  // Subjects' memos, plans and notes: every role that opens a subject. Plans and plan notes are written by
  // the sitting's teachers and admins, offline too (issue #18); memos and subject notes through their calls.
  notes: { pull: [Role.observer, Role.teacher, Role.admin, Role.student], push: [Role.teacher, Role.admin] },
  // Subjects, schedules and lessons change through the subject screens' REST calls: pull only.
  subjects: { pull: SUBJECT_READERS, push: [] },
  schedules: { pull: SUBJECT_READERS, push: [] },
  lessons: { pull: SUBJECT_READERS, push: [] },
};

/**
 * The collections whose rows hang on one subject each and that a device of an on-demand role replicates subject
 * by subject, as its screens open them (docs/on-demand-sync.md): an admin's device never pulls the whole
 * school's marks and scores up front.
 */
export const ON_DEMAND_COLLECTIONS = [SyncCollection.attendance, SyncCollection.achievements] as const;

/** A collection an on-demand device keeps subject by subject (`ON_DEMAND_COLLECTIONS`). */
export type OnDemandCollection = (typeof ON_DEMAND_COLLECTIONS)[number];

/**
 * The collections every device pulls whole whose rows each hang on one subject. While one's first pull runs,
 * the rows of a subject a screen waits for come ahead of the rest, so a class opened during an admin's first
 * sync shows in a second instead of after the whole school's rows (docs/on-demand-sync.md, "Ahead of the
 * first pull").
 */
export const SUBJECT_AHEAD_COLLECTIONS: readonly SyncCollection[] = [
  SyncCollection.subjects,
  SyncCollection.schedules,
  SyncCollection.lessons,
];

/**
 * The collections pulled whole whose rows a screen waits for by id (a class sheet, its students' names, by
 * student id):
 * while one's first pull runs, those rows come ahead of the rest, at most `ROWS_AHEAD_MAX` at once.
 */
export const ROWS_AHEAD_COLLECTIONS: readonly SyncCollection[] = [SyncCollection.people];

/** Rows one pull brings by id at most (a pull's `ids`): a large class's roster. */
export const ROWS_AHEAD_MAX = 100;

/** Roles whose devices replicate the on-demand collections by subject; every other role pulls its whole scope. */
export const ON_DEMAND_ROLES: readonly AccountRole[] = [Role.admin];

/**
 * How many subjects a device keeps on demand at most, and for how long one stays unopened before it is
 * dropped from the device (its waiting writes kept until they are pushed). Each list pull names them all.
 */
export const ON_DEMAND_LIMITS = { subjects: 40, unusedDays: 14 } as const;

/**
 * The fields every replicated document shares; each collection's own schema adds the rest. The call table
 * describes the generic sync calls with it.
 */
export const syncedDocSchema = z.looseObject({
  id: z.string().min(1).max(128),
  updatedAt: z.number().int().nonnegative(),
  _deleted: z.boolean(),
});

/** Path parameters of the generic sync calls. */
export const syncCollectionParamsSchema = z.strictObject({ collection: z.string().regex(/^[a-z]+$/) });

/** Header a client sets on writes it made while offline; the server records it in the change history. */
export const OFFLINE_ORIGIN_HEADER = 'x-offline-origin';

/** Header carrying the browser build a sync call comes from; a build other than the server's gets 426. */
export const CLIENT_BUILD_HEADER = 'x-client-build';

/** Header of a REST command call that may be replayed; a replay answers what the first call answered. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Longest idempotency key the server accepts. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/**
 * Why a pushed row came back instead of being applied. The server sends the code with its own state of the
 * row; the client rolls its write back and lists it among the sync issues with this reason.
 */
export const SyncRejectReason = {
  /** Somebody changed the row since the client's base; the server's state stands. */
  conflict: 'conflict',
  /** Both sides changed the same fields of a row that merges field by field; the server's values stand. */
  fieldConflict: 'field_conflict',
  /** The user may not write this row (or this collection). */
  forbidden: 'forbidden',
  /** The row breaks a rule of the data (shape, reference, range). */
  invalid: 'invalid',
  /** The row the client based its write on no longer exists. */
  notFound: 'not_found',
} as const;

export type SyncRejectReason = (typeof SyncRejectReason)[keyof typeof SyncRejectReason];

/** Largest batch one push may carry. */
export const SYNC_PUSH_MAX_ROWS = 500;

/** Builds the body schema of `POST /api/sync/<collection>/push`: the rows RxDB hands its push handler. */
export function syncPushRequestSchema<Doc extends z.ZodType>(doc: Doc) {
  return z.strictObject({
    rows: z
      .array(z.strictObject({ newDocumentState: doc, assumedMasterState: doc.nullable() }))
      .max(SYNC_PUSH_MAX_ROWS),
  });
}

/**
 * Builds the answer schema of a push: every row the server did not take as sent, with the server's state of
 * it (a deleted copy of the client's row when the server has none) and the reason.
 */
export function syncPushResponseSchema<Doc extends z.ZodType>(doc: Doc) {
  return z.object({
    conflicts: z.array(
      z.object({
        document: doc,
        reason: z.enum(SyncRejectReason),
        /** For `field_conflict`: the fields whose local value was not applied. */
        fields: z.array(z.string()).optional(),
      }),
    ),
    /**
     * The server's state of every row it took (written, or already holding that content), with its new
     * sequence: a client whose pull passed the row while the write was in flight learns the sequence here.
     */
    written: z.array(doc),
  });
}

/**
 * Position in a collection's change stream: the last `(updatedAt, id)` the client holds, and the version of
 * the user's scope it was taken under (`scope`). A row that enters a scope keeps its old sequence, so the
 * server starts a pull over when the scope has changed since the checkpoint.
 */
export const syncCheckpointSchema = z.strictObject({
  updatedAt: z.number().int().nonnegative(),
  id: z.string().max(128),
  scope: z.string().max(64).optional(),
});

export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

/** Largest page a pull may ask for. */
export const SYNC_PULL_MAX_LIMIT = 1000;

/**
 * Query of `GET /api/sync/<collection>/pull`: `checkpoint` is the JSON of a checkpoint, absent on the first
 * pull; `limit` caps the page; `count=1` asks how many rows follow the page (`remaining` in the answer), what
 * a first sync shows as its progress. Counting reads the rest of the caller's scope, so a client asks once
 * per first pull of a collection, not on every page.
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
  count: z.literal('1').optional(),
  /**
   * The subjects whose rows the page may hold, comma-separated (empty: none): how a device pulls an
   * on-demand collection subject by subject. Absent: the caller's whole scope.
   */
  subjects: z
    .preprocess(
      (raw) => (typeof raw === 'string' ? raw.split(',').filter((part) => part !== '') : raw),
      idListSchema({ max: ON_DEMAND_LIMITS.subjects }),
    )
    .optional(),
  /**
   * A row's id: the page holds only rows of the subject that row hangs on, in the caller's scope (none when
   * the caller cannot see the row). How a screen waiting for one row during a first pull gets its subject
   * ahead of the rest (`SUBJECT_AHEAD_COLLECTIONS`). Not with `subjects`.
   */
  subjectOf: syncedDocSchema.shape.id.optional(),
  /**
   * Ids, comma-separated: the page holds only the rows of the caller's scope they name (a person by their
   * student id). How a screen waiting for named rows during a first pull (a class's students,
   * `ROWS_AHEAD_COLLECTIONS`) gets them ahead of the rest. Not with `subjects` or `subjectOf`.
   */
  ids: z
    .preprocess(
      (raw) => (typeof raw === 'string' ? raw.split(',').filter((part) => part !== '') : raw),
      idListSchema({ max: ROWS_AHEAD_MAX }),
    )
    .optional(),
});

export type SyncPullQuery = z.infer<typeof syncPullQuerySchema>;

/**
 * Builds the answer schema of a pull for one collection's document schema. `remaining` (asked for with
 * `count=1`) is how many rows of the caller's scope follow this page.
 */
export function syncPullResponseSchema<Doc extends z.ZodType>(doc: Doc) {
  return z.object({
    documents: z.array(doc),
    checkpoint: syncCheckpointSchema.nullable(),
    remaining: z.number().int().nonnegative().optional(),
  });
}

/** A message on the `/ws` socket from the server. */
export const socketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), build: z.string() }),
  z.object({ type: z.literal('changed'), collections: z.array(z.string()) }),
]);

export type SocketMessage = z.infer<typeof socketMessageSchema>;

/**
 * The close code of a `/ws` socket whose session ended (sign-out, password change, block, removal, role
 * change, expiry): the client asks the server at once, which answers 401, instead of retrying as if offline.
 */
export const SOCKET_CLOSE_SESSION_ENDED = 4401;

/** `GET /get-version-build`. */
export const versionBuildResponseSchema = z.object({ version: z.string(), build: z.string() });
