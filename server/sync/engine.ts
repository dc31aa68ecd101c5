import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../domain/errors';
import type { AccountRole } from '../../domain/roles';
import type { SyncCheckpoint, SyncCollection, SyncRejectReason } from '../../domain/sync';
import { decidePush, type PushRow, type SyncedDoc } from '../../domain/sync-merge';
import type { Actor } from '../access/actor';
import { createBatchLane, type ItemOutcome } from '../db/batch-lane';
import type { Database, Transaction } from '../db/client';
import { queryRows } from '../db/rows';
import { nextSequence, pullWatermark } from '../db/sequence';
import type { AppDeps } from '../deps';
import type { ChangeAudience } from '../feed/change-feed';
import { validationFailed } from '../http-error';

/** The signed-in user a pull or push runs for (the actor `server/access` scopes and guards take). */
export type SyncActor = Actor;

/** What one push write knows about its surroundings. */
export interface SyncWriteContext {
  tx: Transaction;
  actor: SyncActor;
  now: Date;
  /** The sequence of this push's transaction, to stamp on every row it writes. */
  seq: number;
  /**
   * Answers that hold for the whole push (who teaches a class), kept by key so a batch of rows of one class
   * asks once (the access layer's `...Once` reads).
   */
  memo: Map<string, Promise<unknown>>;
  /** The request whose acceptance this write carries out (history's "by request #…"); absent otherwise. */
  requestId?: string;
}

/** How a collection takes writes; absent for pull-only collections. */
export interface SyncPushDef<Doc extends SyncedDoc> {
  /** Roles that may push at all; anybody else gets every row back as `forbidden`. */
  roles: readonly AccountRole[];
  /** Content fields merged one by one (attendance, scores), tied fields grouped; null compares whole rows. */
  mergeFields: readonly ((keyof Doc & string) | readonly (keyof Doc & string)[])[] | null;
  /** Keeps an applied change in the collection's history (who, when, old, new, offline); absent: none kept. */
  history?(ctx: SyncWriteContext, before: Doc | null, after: Doc, offline: boolean): Promise<void>;
  /** The server's current state of the pushed row, locked until the push commits; null when it has none. */
  readForUpdate(ctx: SyncWriteContext, doc: Doc): Promise<Doc | null>;
  /**
   * `readForUpdate` of a whole batch in one go (the rows it lacks have none), locking in one order so two
   * pushes never wait on each other crosswise; without it each row is read on its own.
   */
  readAllForUpdate?(ctx: SyncWriteContext, docs: readonly Doc[]): Promise<Map<string, Doc>>;
  /**
   * The reason a row is refused before any comparison (permission, shape), or null when it may proceed.
   * `base` is the server state the client based its write on, to tell which fields the push changes.
   */
  refuse(
    ctx: SyncWriteContext,
    next: Doc,
    current: Doc | null,
    base: Doc | null,
  ): Promise<SyncRejectReason | null>;
  /** Stores `doc` (insert or update, `_deleted` as a soft delete) with the context's sequence. */
  write(ctx: SyncWriteContext, doc: Doc, current: Doc | null): Promise<void>;
  /** Whether `write` sets fields of the server's own (who decided, when): the row is then read back. */
  serverFields?: boolean;
  /** Who must hear that these rows changed. */
  audience(tx: Transaction, docs: readonly Doc[]): Promise<ChangeAudience>;
  /** Work that follows the committed rows (notifications); runs after their change is published. */
  afterCommit?(deps: SyncPushDeps, written: readonly Doc[]): Promise<void>;
  /**
   * Lets pushes of this collection that arrive together share one transaction (group commit, see
   * `pushGrouped`). Only for a collection with `readAllForUpdate` and without `serverFields`, whose `refuse`
   * reads nothing its own writes change, and whose `audience` of many rows is the union of theirs.
   */
  grouped?: GroupedWrites<Doc>;
}

/** One row a grouped push writes: the context of the push it belongs to, the states before and after. */
export interface PlannedWrite<Doc> {
  ctx: SyncWriteContext;
  before: Doc | null;
  after: Doc;
  offline: boolean;
}

/** How a grouped collection writes the rows of many pushes with a few statements. */
export interface GroupedWrites<Doc> {
  /** Asks in bulk what `refuse` will ask row by row, keeping the answers in the shared `memo`. */
  prefetch?(ctx: SyncWriteContext, docs: readonly Doc[]): Promise<void>;
  /** `write` of every row, in order; a later row of the same id is the state that stays. */
  writeAll(writes: readonly PlannedWrite<Doc>[]): Promise<void>;
  /** `history` of every row, in order. */
  historyAll?(writes: readonly PlannedWrite<Doc>[]): Promise<void>;
}

/**
 * One replicated collection, as a table of parts the generic pull and push run on: where its rows come from
 * for a user (the scope), how a row becomes a document, and how pushed rows are written.
 */
export interface SyncCollectionDef<Doc extends SyncedDoc, Row = unknown> {
  name: SyncCollection;
  docSchema: z.ZodType<Doc>;
  /** Roles that may pull; the scope narrows the rows further. */
  pullRoles: readonly AccountRole[];
  /**
   * The rows `actor` may see, as a relation with at least `id` (text) and `seq` (bigint) columns; deleted
   * rows included, so replicas learn of deletions.
   */
  scope(actor: SyncActor): SQL;
  /**
   * A query answering one row `{ version }` that changes whenever the rows deciding `actor`'s scope change
   * (class assignments, enrolments); absent when the scope never depends on such rows.
   */
  scopeVersion?(actor: SyncActor): SQL;
  /**
   * The column of the scope's relation that holds a row's subject, in a collection whose pull may be narrowed
   * to subjects (the pull's `subjects` and `subjectOf`): those an on-demand device keeps subject by subject
   * (`ON_DEMAND_COLLECTIONS`) and those whose rows a first pull brings subject by subject ahead of the rest
   * (`SUBJECT_AHEAD_COLLECTIONS`); absent in the others.
   */
  subjectColumn?: string;
  /**
   * The column of the scope's relation holding the id screens know a row by, where it is not the row's own
   * id (the pull's `ids`, a screen waiting for rows during a first pull): a class sheet names its students
   * by their student ids, not the people rows' user ids.
   */
  askedBy?: string;
  rowSchema: z.ZodType<Row>;
  toDoc(row: Row): Doc;
  /**
   * The document as the database builds it in JSON from a row of the scope (`row` names the relation): the
   * same shape as `toDoc`, so a pull page is built by one statement and sent as the database wrote it, never
   * read into JavaScript (`pullCollectionJson`). Derived from the document schema (`docJsonOf`); absent in
   * collections whose pages are still shaped by `toDoc`. `server/sync/json-page.test.ts` holds both equal.
   */
  docJson?(row: SQL): SQL;
  /**
   * Whose record a pulled document is and under which subject, for the access log (docs/access-log.md); null
   * for a document that is nobody's record. Absent in collections that hold no student's record.
   */
  recordOf?(doc: Doc): { subjectId: string; studentId: string } | null;
  push: SyncPushDef<Doc> | null;
}

/**
 * A collection definition whose document and row types only its own code knows: what the registry the sync
 * routes are built from holds, since definitions of different documents share no one type.
 */
export interface RegisteredCollection {
  readonly name: SyncCollection;
  /** Hands the definition, with its own types, to `visit`. */
  use<T>(visit: <Doc extends SyncedDoc, Row>(def: SyncCollectionDef<Doc, Row>) => T): T;
}

/** Wraps a collection definition for the registry. */
export function registered<Doc extends SyncedDoc, Row>(
  def: SyncCollectionDef<Doc, Row>,
): RegisteredCollection {
  return { name: def.name, use: (visit) => visit(def) };
}

/** The registry of every replicated collection: a name of `SyncCollection` without a definition fails the typecheck. */
export type SyncCollectionRegistry = Readonly<Record<SyncCollection, RegisteredCollection>>;

/** One pull page. */
export interface SyncPullPage<Doc> {
  documents: Doc[];
  checkpoint: SyncCheckpoint | null;
  /** How many rows of the caller's scope follow this page, when the caller asked (`count`). */
  remaining?: number;
}

const scopeVersionRow = z.object({ version: z.string() });

/** The current version of `actor`'s scope in `def`, or undefined when the collection has none. */
async function scopeVersionOf<Doc extends SyncedDoc, Row>(
  db: Database,
  def: SyncCollectionDef<Doc, Row>,
  actor: SyncActor,
): Promise<string | undefined> {
  if (!def.scopeVersion) return undefined;
  const [row] = await queryRows(db, def.scopeVersion(actor), scopeVersionRow);
  return row?.version ?? '';
}

/**
 * The documents of `def` visible to `actor` strictly after `checkpoint`, in `(seq, id)` order. Ids compare
 * in the "C" collation, the byte order the client's string comparison also uses. Only rows under the
 * watermark are served, so a transaction that commits late can never land behind a checkpoint.
 *
 * A checkpoint taken under another version of the user's scope starts the pull over: rows that entered the
 * scope since (a class newly assigned, a student newly enrolled) keep their old sequence and would never
 * come after it. The version is read before the rows, so a scope change committing in between only causes
 * one more start-over, never a missed row.
 */
export async function pullCollection<Doc extends SyncedDoc, Row>(
  db: Database,
  def: SyncCollectionDef<Doc, Row>,
  actor: SyncActor,
  checkpoint: SyncCheckpoint | null,
  limit: number,
  options: { count?: boolean } & PullNarrowing = {},
): Promise<SyncPullPage<Doc>> {
  const pulled = narrowedTo(def, options);
  const scope = await scopeVersionOf(db, pulled, actor);
  const from = checkpoint && checkpoint.scope === scope ? checkpoint : null;
  const { rows, following } = await pageAfter(db, pulled, actor, from, limit, options.count === true);
  const documents = rows.map((row) => def.toDoc(row));
  const last = documents.at(-1);
  const position = last ? { updatedAt: last.updatedAt, id: last.id } : from;
  const remaining = following === null ? {} : { remaining: following - documents.length };
  if (scope === undefined) return { documents, checkpoint: position, ...remaining };
  // Even an empty answer carries the scope version, so the client starts over only once per change.
  return { documents, checkpoint: { ...(position ?? { updatedAt: 0, id: '' }), scope }, ...remaining };
}

/** One pull page as JSON text, ready to send: what `pullCollectionJson` answers. */
export interface SyncPullJson {
  /** The whole answer of the pull call: `{ documents, checkpoint, remaining? }`. */
  text: string;
  /** The page's documents alone, as JSON text (the access log reads them). */
  documents: string;
  /** How many documents the page holds. */
  count: number;
}

const jsonPageRow = z.object({
  documents: z.string(),
  n: z.coerce.number().int(),
  last_seq: z.coerce.number().int().nullable(),
  last_id: z.string().nullable(),
  following: z.coerce.number().int().nullable(),
});

/**
 * `pullCollection` built by the database: the same rows, order, checkpoint and count, but the page's
 * documents come from one statement as JSON text in the document shape (`def.docJson`), so no row is
 * decoded, checked or shaped in JavaScript, and the answer is sent as written. Issue 45: PGlite handing over
 * a page of 1,000 rows field by field, and checking and shaping them, took most of a page's time.
 */
export async function pullCollectionJson<Doc extends SyncedDoc, Row>(
  db: Database,
  def: SyncCollectionDef<Doc, Row>,
  actor: SyncActor,
  checkpoint: SyncCheckpoint | null,
  limit: number,
  options: { count?: boolean } & PullNarrowing = {},
): Promise<SyncPullJson> {
  const docJson = def.docJson;
  if (!docJson) throw new Error(`${def.name} has no JSON shape of its documents`);
  const pulled = narrowedTo(def, options);
  const scope = await scopeVersionOf(db, pulled, actor);
  const from = checkpoint && checkpoint.scope === scope ? checkpoint : null;
  const counted = options.count === true ? sql`count(*) over ()` : sql`null::bigint`;
  const last = sql`order by p.seq desc, p.id collate "C" desc`;
  const [row] = await queryRows(
    db,
    sql`with p as (select ${counted} as pull_following, r.* ${pageOf(pulled, actor, from, limit)})
      select coalesce(json_agg(${docJson(sql`p`)} order by p.seq, p.id collate "C"), '[]')::text as documents,
        count(*) as n, (array_agg(p.seq::text ${last}))[1] as last_seq, (array_agg(p.id::text ${last}))[1] as last_id,
        max(p.pull_following) as following
      from p`,
    jsonPageRow,
  );
  if (!row) throw new Error('a page query answered no row');
  const position =
    row.last_seq !== null && row.last_id !== null ? { updatedAt: row.last_seq, id: row.last_id } : from;
  const next = scope === undefined ? position : { ...(position ?? { updatedAt: 0, id: '' }), scope };
  const remaining = options.count === true ? `,"remaining":${(row.following ?? 0) - row.n}` : '';
  return {
    text: `{"documents":${row.documents},"checkpoint":${JSON.stringify(next)}${remaining}}`,
    documents: row.documents,
    count: row.n,
  };
}

/** How a pull may be narrowed within the caller's scope (the pull's `subjects`, `subjectOf` and `ids`). */
export type PullNarrowing = { subjects?: readonly string[]; subjectOf?: string; ids?: readonly string[] };

/**
 * `def` narrowed as a pull asks: to the rows of the subjects `subjects` names (a device replicating the
 * collection subject by subject), to those of the subject the row `subjectOf` hangs on (a screen waiting for
 * that row during a first pull), or to the rows `ids` names (a screen waiting for those rows, a class's
 * students, during a first pull; by `askedBy` where screens know them by another id); none asked, the whole scope. A narrowing never widens the scope: the rows, and the
 * row `subjectOf`, are looked up in the caller's own scope, so a row the caller may not see narrows to
 * nothing. Asking more than one answers 422, as do the subject narrowings on a collection whose rows hang on
 * no subject.
 */
function narrowedTo<Doc extends SyncedDoc, Row>(
  def: SyncCollectionDef<Doc, Row>,
  narrowing: PullNarrowing,
): SyncCollectionDef<Doc, Row> {
  const asked = (['subjects', 'subjectOf', 'ids'] as const).filter((name) => narrowing[name] !== undefined);
  const [name] = asked;
  if (name === undefined) return def;
  const column = def.subjectColumn;
  if (asked.length > 1 || (name !== 'ids' && column === undefined)) {
    throw validationFailed({ [asked.at(-1) ?? name]: [FieldError.invalid] });
  }
  const listed = (ids: readonly string[], of: SQL) =>
    ids.length === 0
      ? sql`false`
      : sql`${of} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const narrowed = (actor: SyncActor): SQL => {
    // Refused above: a subject narrowing without the column.
    if (narrowing.ids !== undefined || column === undefined) {
      return listed(narrowing.ids ?? [], sql`s.${sql.identifier(def.askedBy ?? 'id')}`);
    }
    const subject = sql`s.${sql.identifier(column)}`;
    if (narrowing.subjects !== undefined) return listed(narrowing.subjects, subject);
    const rowSubject = sql`(select r.${sql.identifier(column)} from (${def.scope(actor)}) as r
      where r.id = ${narrowing.subjectOf} limit 1)`;
    return sql`${subject} = ${rowSubject}`;
  };
  return { ...def, scope: (actor) => sql`select * from (${def.scope(actor)}) as s where ${narrowed(actor)}` };
}

const countedRow = z.looseObject({ pull_following: z.coerce.number().int().nonnegative() });

/**
 * One page of `actor`'s rows of `def` after `from`, and with `count` how many rows follow `from` in all (the
 * page included), else null. The count is a window over the same rows in the same statement: a scope's
 * sequence is mostly computed (the latest of a row and the rows it hangs on), so the page query reads every
 * row after `from` to sort them anyway, and counting them on the way costs next to nothing. A count of its
 * own was worse than a second read: with the row's columns unused, the planner turned a schedule's teacher
 * lookup into a backward scan of the sequence index per schedule (15 s for the admin's schedules at scale 10,
 * against 0.3 s for the page).
 */
async function pageAfter<Doc extends SyncedDoc, Row>(
  db: Database,
  def: SyncCollectionDef<Doc, Row>,
  actor: SyncActor,
  from: SyncCheckpoint | null,
  limit: number,
  count: boolean,
): Promise<{ rows: Row[]; following: number | null }> {
  const page = pageOf(def, actor, from, limit);
  if (!count) return { rows: await queryRows(db, sql`select * ${page}`, def.rowSchema), following: null };
  const counted = await queryRows(
    db,
    sql`select count(*) over () as pull_following, r.* ${page}`,
    countedRow,
  );
  const rows = counted.map(({ pull_following: _, ...row }) => def.rowSchema.parse(row));
  return { rows, following: counted[0]?.pull_following ?? 0 };
}

/** `from <actor's scope> … limit`: the rows of one page after `from`, in `(seq, id)` order. */
function pageOf<Doc extends SyncedDoc, Row>(
  def: SyncCollectionDef<Doc, Row>,
  actor: SyncActor,
  from: SyncCheckpoint | null,
  limit: number,
): SQL {
  const after = from
    ? sql`and (r.seq > ${from.updatedAt} or (r.seq = ${from.updatedAt} and r.id collate "C" > ${from.id}))`
    : sql``;
  return sql`from (${def.scope(actor)}) as r where ${pullWatermark(sql`r.seq`)} ${after}
    order by r.seq, r.id collate "C" limit ${limit}`;
}

/** A row the push did not take as sent. */
export interface SyncPushConflict<Doc> {
  document: Doc;
  reason: SyncRejectReason;
  fields?: string[];
}

/** What a push needs from the app: its database, change feed and clock, mail for what it notifies, and
 * the lanes where pushes of grouped collections meet. */
export type SyncPushDeps = Pick<
  AppDeps,
  'db' | 'feed' | 'now' | 'mailer' | 'config' | 'cardRefresh' | 'lanes'
>;

type RowOutcome<Doc> = { written: Doc | null; conflict: SyncPushConflict<Doc> | null; took: Doc | null };

/** Database errors that mean "this row breaks a rule" (data exceptions, integrity constraints). */
function isRowRuleError(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code: unknown = Reflect.get(cause, 'code');
    if (typeof code === 'string' && /^2[23]/.test(code)) return true;
  }
  return false;
}

/** The state a refused row is answered with when the server has none: the client's row, deleted. */
function absent<Doc extends SyncedDoc>(doc: Doc): Doc {
  return { ...doc, updatedAt: 0, _deleted: true };
}

const idRow = z.object({ id: z.string() });

/**
 * A refusal answers with the server's state of the row, so the device can roll back; but a user may push
 * any id, and the server's state of a row outside their scope is not theirs to read. Such refusals are
 * answered as if the server had no row: the pushed row, deleted.
 */
async function withoutUnreadable<Doc extends SyncedDoc>(
  tx: Transaction,
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
  refused: readonly { pushed: Doc; conflict: SyncPushConflict<Doc> }[],
): Promise<void> {
  const shown = refused.filter(({ conflict }) => conflict.document.updatedAt > 0);
  if (shown.length === 0) return;
  const ids = sql.join(
    shown.map(({ pushed }) => sql`${pushed.id}`),
    sql`, `,
  );
  const readable = await queryRows(
    tx,
    sql`select r.id from (${def.scope(actor)}) as r where r.id in (${ids})`,
    idRow,
  );
  const visible = new Set(readable.map((row) => row.id));
  for (const { pushed, conflict } of shown) {
    if (!visible.has(pushed.id)) conflict.document = absent(pushed);
  }
}

/** What a pushed row comes to before anything is written: refused, nothing to change, or this write. */
type RowDecision<Doc> =
  | { type: 'refused'; conflict: SyncPushConflict<Doc> }
  | { type: 'unchanged'; current: Doc | null }
  | { type: 'write'; current: Doc | null; merged: Doc; conflictFields: string[] };

/** The permission check and the merge of one row against the server's `current` state; writes nothing. */
async function decideRow<Doc extends SyncedDoc>(
  ctx: SyncWriteContext,
  push: SyncPushDef<Doc>,
  row: PushRow<Doc>,
  current: Doc | null,
): Promise<RowDecision<Doc>> {
  const next = row.newDocumentState;
  const refusal = push.roles.includes(ctx.actor.role)
    ? await push.refuse(ctx, next, current, row.assumedMasterState)
    : 'forbidden';
  if (refusal) return { type: 'refused', conflict: { document: current ?? absent(next), reason: refusal } };

  const decision = decidePush(current, row, push.mergeFields);
  if (decision.type === 'unchanged') return { type: 'unchanged', current };
  if (decision.type === 'reject') {
    return {
      type: 'refused',
      conflict: {
        document: current ?? absent(next),
        reason: decision.reason,
        ...(decision.conflictFields ? { fields: decision.conflictFields } : {}),
      },
    };
  }
  const merged: Doc = { ...decision.doc, id: next.id, updatedAt: ctx.seq };
  return { type: 'write', current, merged, conflictFields: decision.conflictFields };
}

/** The outcome of a row once `written` is stored: taken, or taken with the fields where the server's stood. */
function writtenOutcome<Doc>(written: Doc, conflictFields: readonly string[]): RowOutcome<Doc> {
  const conflict: SyncPushConflict<Doc> | null =
    conflictFields.length > 0
      ? { document: written, reason: 'field_conflict', fields: [...conflictFields] }
      : null;
  return { written, conflict, took: conflict ? null : written };
}

async function pushRow<Doc extends SyncedDoc>(
  ctx: SyncWriteContext,
  push: SyncPushDef<Doc>,
  row: PushRow<Doc>,
  offline: boolean,
  read: Map<string, Doc> | null,
): Promise<RowOutcome<Doc>> {
  const next = row.newDocumentState;
  const current = read ? (read.get(next.id) ?? null) : await push.readForUpdate(ctx, next);
  const decision = await decideRow(ctx, push, row, current);
  if (decision.type === 'refused') return { written: null, took: null, conflict: decision.conflict };
  if (decision.type === 'unchanged') return { written: null, conflict: null, took: current };

  await push.write(ctx, decision.merged, current);
  const written =
    (push.serverFields ? await push.readForUpdate(ctx, decision.merged) : null) ?? decision.merged;
  await push.history?.(ctx, current, written, offline);
  return writtenOutcome(written, decision.conflictFields);
}

/**
 * Thrown by an all-or-nothing push (a REST command) when one row is not taken as sent: the transaction is
 * rolled back, so nothing of the command lands, and the caller answers with the row's reason.
 */
export class PushRowRefused<Doc> extends Error {
  override name = 'PushRowRefused';
  constructor(readonly conflict: SyncPushConflict<Doc>) {
    super(`push row refused: ${conflict.reason}`);
  }
}

/**
 * Writes one row of another collection inside a running push, in its transaction and sequence: that
 * collection's own refusal, write and history (a request's acceptance entering the mark or score it asked
 * for). `change` makes the new state from the server's current one. A refusal throws `PushRowRefused`, so
 * the row that caused it is refused whole. Answers the row as stored; publishing its change is the caller's.
 */
export async function writeWithin<Doc extends SyncedDoc>(
  ctx: SyncWriteContext,
  def: SyncCollectionDef<Doc>,
  place: Doc,
  change: (current: Doc | null) => Doc,
  offline: boolean,
): Promise<Doc> {
  const push = def.push;
  if (!push) throw new PushRowRefused({ document: place, reason: 'forbidden' });
  const current = await push.readForUpdate(ctx, place);
  const next = { ...change(current), updatedAt: ctx.seq };
  const refusal = push.roles.includes(ctx.actor.role)
    ? await push.refuse(ctx, next, current, current)
    : 'forbidden';
  if (refusal) throw new PushRowRefused({ document: current ?? absent(next), reason: refusal });
  await push.write(ctx, next, current);
  const written = (push.serverFields ? await push.readForUpdate(ctx, next) : null) ?? next;
  await push.history?.(ctx, current, written, offline);
  return written;
}

/** What a push answers: the rows not taken as sent, and the rows as stored. */
export interface SyncPushResult<Doc> {
  conflicts: SyncPushConflict<Doc>[];
  written: Doc[];
}

/** One push as it waits in its collection's lane. */
interface GroupedPush<Doc> {
  actor: SyncActor;
  rows: readonly PushRow<Doc>[];
  offline: boolean;
  atomic: boolean;
  /** The clock when the push came in: its history's time, as when it runs alone. */
  now: Date;
}

// A batch writes at most this many rows (a push of more runs alone): its multi-row statements stay far below
// PostgreSQL's 65,535 parameters, and one batch never holds the database for long.
const MAX_BATCH_ROWS = 500;

/**
 * `POST /api/sync/<collection>/push`: compares every row with the server's current row and writes what may
 * be written, all in one transaction. Each row runs in its own savepoint, so a row that breaks a database
 * rule comes back `invalid` and the others still land. After the commit the audience of the written rows is
 * told the collection changed. With `atomic` (the REST commands of SPEC §7 that write through this same
 * function) the first refused row throws `PushRowRefused` and nothing is written.
 *
 * A grouped collection (`push.grouped`) answers the same, but pushes arriving while others run wait and then
 * share one transaction (`pushGrouped`).
 */
export async function pushCollection<Doc extends SyncedDoc>(
  deps: SyncPushDeps,
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
  rows: readonly PushRow<Doc>[],
  offline: boolean,
  options: { atomic?: boolean } = {},
): Promise<SyncPushResult<Doc>> {
  const push = def.push;
  if (!push) {
    return {
      conflicts: rows.map((row) => ({ document: absent(row.newDocumentState), reason: 'forbidden' })),
      written: [],
    };
  }
  const atomic = options.atomic ?? false;
  const grouped = push.grouped;
  if (!grouped || !push.readAllForUpdate || push.serverFields) {
    return pushAlone(deps, def, push, { actor, rows, offline, atomic, now: deps.now() });
  }
  const lane = deps.lanes.laneOf(def, () =>
    createBatchLane((calls: readonly GroupedPush<Doc>[]) => pushGrouped(deps, def, push, grouped, calls), {
      inFlight: deps.lanes.inFlight,
      maxWeight: MAX_BATCH_ROWS,
      weigh: (call) => call.rows.length,
    }),
  );
  return lane.submit({ actor, rows, offline, atomic, now: deps.now() });
}

/** One push in a transaction of its own, each row in its own savepoint (see `pushCollection`). */
async function pushAlone<Doc extends SyncedDoc>(
  deps: SyncPushDeps,
  def: SyncCollectionDef<Doc>,
  push: SyncPushDef<Doc>,
  { actor, rows, offline, atomic, now }: GroupedPush<Doc>,
): Promise<SyncPushResult<Doc>> {
  const conflicts: SyncPushConflict<Doc>[] = [];
  const forbidden: { pushed: Doc; conflict: SyncPushConflict<Doc> }[] = [];
  const took: Doc[] = [];
  const written: Doc[] = [];
  const audience = await deps.db.transaction(async (tx) => {
    const ctx: SyncWriteContext = { tx, actor, now, seq: await nextSequence(tx), memo: new Map() };
    const read = push.readAllForUpdate
      ? await push.readAllForUpdate(
          ctx,
          rows.map((row) => row.newDocumentState),
        )
      : null;
    for (const row of rows) {
      const outcome = await tx
        .transaction((savepoint) => pushRow({ ...ctx, tx: savepoint }, push, row, offline, read))
        .catch(async (error: unknown): Promise<RowOutcome<Doc>> => {
          if (!isRowRuleError(error)) throw error;
          const current = await push.readForUpdate(ctx, row.newDocumentState);
          return {
            written: null,
            took: null,
            conflict: { document: current ?? absent(row.newDocumentState), reason: 'invalid' },
          };
        });
      if (outcome.conflict && atomic) throw new PushRowRefused(outcome.conflict);
      if (outcome.written) {
        written.push(outcome.written);
        // A later row of the same id (never sent by RxDB, but possible) compares with what this one wrote.
        read?.set(outcome.written.id, outcome.written);
      }
      if (outcome.conflict) conflicts.push(outcome.conflict);
      if (outcome.conflict?.reason === 'forbidden') {
        forbidden.push({ pushed: row.newDocumentState, conflict: outcome.conflict });
      }
      if (outcome.took) took.push(outcome.took);
    }
    await withoutUnreadable(tx, def, actor, forbidden);
    return written.length > 0 ? push.audience(tx, written) : null;
  });
  if (audience) await deps.feed.publishChange([def.name], audience);
  if (written.length > 0) await push.afterCommit?.(deps, written);
  return { conflicts, written: took };
}

/** What one push of a group came to inside the shared transaction, before the commit. */
type GroupedAnswer<Doc> =
  | { ok: true; value: SyncPushResult<Doc>; writes: PlannedWrite<Doc>[] }
  | { ok: false; error: PushRowRefused<Doc> };

/**
 * Group commit: the pushes of one grouped collection that met in its lane, in one transaction, each
 * answered as if it had run alone right after the ones before it. Every row of every push is locked and
 * read in one statement and the refusals' reads are asked in bulk; each push is then decided in order
 * against the state the earlier ones leave (an all-or-nothing push that is refused leaves nothing, and the
 * next ones see the rows as before it); the rows taken are written, and their history kept, a statement
 * each for the whole group. After the commit the union of the audiences hears once that the collection
 * changed (a user in several audiences would only have heard the same notice again).
 *
 * Nothing is written before every push is decided, so no savepoint is needed; if the transaction fails
 * anyway (a row breaks a database rule, a lock times out), it is rolled back and every push runs alone
 * (`pushAlone`), where a row breaking a rule comes back `invalid` as ever.
 */
async function pushGrouped<Doc extends SyncedDoc>(
  deps: SyncPushDeps,
  def: SyncCollectionDef<Doc>,
  push: SyncPushDef<Doc>,
  grouped: GroupedWrites<Doc>,
  calls: readonly GroupedPush<Doc>[],
): Promise<ItemOutcome<SyncPushResult<Doc>>[]> {
  let decided: { answers: GroupedAnswer<Doc>[]; audience: ChangeAudience | null; written: Doc[] };
  // Set once the work is done and the commit is under way: a commit that fails may still have landed (a
  // connection lost on the way), so those pushes are not run again, they fail as a lone push would.
  let committing = false;
  try {
    decided = await deps.db.transaction(async (tx) => {
      const seq = await nextSequence(tx);
      const memo = new Map<string, Promise<unknown>>();
      const contextOf = (call: GroupedPush<Doc>): SyncWriteContext => ({
        tx,
        actor: call.actor,
        now: call.now,
        seq,
        memo,
      });
      const first = calls[0];
      if (!first) return { answers: [], audience: null, written: [] };
      const docs = calls.flatMap((call) => call.rows.map((row) => row.newDocumentState));
      const read = (await push.readAllForUpdate?.(contextOf(first), docs)) ?? new Map<string, Doc>();
      await grouped.prefetch?.(contextOf(first), docs);
      const answers: GroupedAnswer<Doc>[] = [];
      for (const call of calls) answers.push(await decideGroupedPush(contextOf(call), def, push, call, read));
      const writes = answers.flatMap((answer) => (answer.ok ? answer.writes : []));
      if (writes.length === 0) {
        committing = true;
        return { answers, audience: null, written: [] };
      }
      await grouped.writeAll(writes);
      await grouped.historyAll?.(writes);
      const written = writes.map((write) => write.after);
      const audience = await push.audience(tx, written);
      committing = true;
      return { answers, audience, written };
    });
  } catch (error) {
    if (committing) throw error;
    // Whatever failed before the commit, each push now runs as it would have alone, and answers (or fails)
    // on its own.
    return Promise.all(
      calls.map((call) =>
        pushAlone(deps, def, push, call).then(
          (value): ItemOutcome<SyncPushResult<Doc>> => ({ ok: true, value }),
          (error: unknown): ItemOutcome<SyncPushResult<Doc>> => ({ ok: false, error }),
        ),
      ),
    );
  }
  if (decided.audience) await deps.feed.publishChange([def.name], decided.audience);
  if (decided.written.length > 0) await push.afterCommit?.(deps, decided.written);
  return decided.answers.map((answer) => (answer.ok ? { ok: true, value: answer.value } : answer));
}

/**
 * One push of a group decided against `read`, the state the pushes before it left (updated with the rows
 * this one takes, or left as it was when this all-or-nothing push is refused). Writes nothing.
 */
async function decideGroupedPush<Doc extends SyncedDoc>(
  ctx: SyncWriteContext,
  def: SyncCollectionDef<Doc>,
  push: SyncPushDef<Doc>,
  call: GroupedPush<Doc>,
  read: Map<string, Doc>,
): Promise<GroupedAnswer<Doc>> {
  const conflicts: SyncPushConflict<Doc>[] = [];
  const forbidden: { pushed: Doc; conflict: SyncPushConflict<Doc> }[] = [];
  const took: Doc[] = [];
  const writes: PlannedWrite<Doc>[] = [];
  // The states this push replaced in `read`, to put back if it is refused whole.
  const replaced = new Map<string, Doc | undefined>();
  for (const row of call.rows) {
    const id = row.newDocumentState.id;
    const current = read.get(id) ?? null;
    const decision = await decideRow(ctx, push, row, current);
    let outcome: RowOutcome<Doc>;
    if (decision.type === 'refused') outcome = { written: null, took: null, conflict: decision.conflict };
    else if (decision.type === 'unchanged') outcome = { written: null, conflict: null, took: current };
    else {
      writes.push({ ctx, before: current, after: decision.merged, offline: call.offline });
      if (!replaced.has(id)) replaced.set(id, read.get(id));
      read.set(id, decision.merged);
      outcome = writtenOutcome(decision.merged, decision.conflictFields);
    }
    if (outcome.conflict && call.atomic) {
      for (const [key, before] of replaced) {
        if (before) read.set(key, before);
        else read.delete(key);
      }
      return { ok: false, error: new PushRowRefused(outcome.conflict) };
    }
    if (outcome.conflict) conflicts.push(outcome.conflict);
    if (outcome.conflict?.reason === 'forbidden') {
      forbidden.push({ pushed: row.newDocumentState, conflict: outcome.conflict });
    }
    if (outcome.took) took.push(outcome.took);
  }
  await withoutUnreadable(ctx.tx, def, call.actor, forbidden);
  return { ok: true, value: { conflicts, written: took }, writes };
}
