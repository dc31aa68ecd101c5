import type { WithDeleted } from 'rxdb';
import type { SyncCheckpoint } from '../../domain/sync';
import { aheadRowsAsked, forgetAheadRows, markSubjectAhead, subjectsAhead } from '../db/ahead-asks';
import type { SchoolDatabase } from '../db/open-database';
import { HttpError } from './http';

/** A pull's narrowing, as its query says it. */
type Narrow = { subjects: string } | { subjectOf: string } | { ids: string };

/** What brings rows ahead needs of the collection's replication. */
export type AheadPullDeps<Doc> = {
  database: SchoolDatabase;
  name: string;
  /**
   * Whether rows asked for come themselves (`ids`: a collection of `ROWS_AHEAD_COLLECTIONS`) rather than
   * with their subject's rows (`subjectOf`).
   */
  byId: boolean;
  /** Fetches one page of the collection's pull narrowed as `narrow` says, from `checkpoint`. */
  fetchPage(
    narrow: Narrow,
    checkpoint: SyncCheckpoint | null,
    batchSize: number,
  ): Promise<{ documents: WithDeleted<Doc>[]; checkpoint: SyncCheckpoint | null }>;
  /** Resolves once the rows of a page handed to RxDB are stored. */
  pageStored(page: readonly WithDeleted<Doc>[]): Promise<void>;
  /** Asks RxDB for another pull. */
  reSync(): void;
  /** The subjects screens opened, whose rows should come ahead. */
  subjectsOpened(): Promise<readonly string[]>;
  /** Records that a screen opened `subjectId` (the subject of a row asked for), for the other collections. */
  opened(subjectId: string): Promise<void>;
  /**
   * With each page of the subject of a row a screen waits for (`subjectOf`), as it comes: asks ahead for the
   * rows that screen will wait for next, which the page names (a class's students' names).
   */
  askNext?(page: readonly WithDeleted<Doc>[], rowId: string): Promise<void>;
};

type Wanted = { key: string; narrow: Narrow; rows: readonly string[] };

/**
 * The pages a collection's first pull fetches ahead of the rest (docs/on-demand-sync.md, "Ahead of the first
 * pull"): first the subject of each row a screen waits for, found by the server (`subjectOf`), then each
 * subject a screen opened, until each has come whole. Like a subject of an on-demand collection, each comes
 * page by page from a position kept in memory (a restart brings it again from its start: a few hundred
 * rows), and the pull of changes keeps its checkpoint. A page fetched later holds the same state of a row or
 * a newer one, and the storage refuses an older state anyway (`withOrderedPulls`).
 */
export function createAheadPull<Doc extends object>(deps: AheadPullDeps<Doc>) {
  // The ask being brought in, the position its pages have reached, its subject once a page named it, and
  // its last page that held rows.
  let filling: {
    key: string;
    checkpoint: SyncCheckpoint | null;
    subjectId?: string;
    lastRows: readonly WithDeleted<Doc>[];
  } | null = null;
  // Asks whose last page came and is being stored: not fetched again meanwhile.
  const completing = new Set<string>();

  /** The asks `wanted` answers, as `completing` holds them. */
  const partsOf = (wanted: Wanted) =>
    wanted.rows.length > 0 ? wanted.rows.map((id) => `row:${id}`) : [wanted.key];

  async function next(): Promise<Wanted | null> {
    const rows = (await aheadRowsAsked(deps.database, deps.name)).filter(
      (id) => !completing.has(`row:${id}`),
    );
    if (deps.byId && rows.length > 0) {
      return { key: rows.map((id) => `row:${id}`).join(' '), narrow: { ids: rows.join(',') }, rows };
    }
    const [row] = rows;
    if (row !== undefined) return { key: `row:${row}`, narrow: { subjectOf: row }, rows: [row] };
    const ahead = await subjectsAhead(deps.database, deps.name);
    const opened = await deps.subjectsOpened();
    const subject = opened.find((id) => !ahead.includes(id) && !completing.has(`subject:${id}`));
    return subject === undefined
      ? null
      : { key: `subject:${subject}`, narrow: { subjects: subject }, rows: [] };
  }

  /** Once the last page of `wanted` is stored: its subject is here, and rows asked for are let go of. */
  async function complete(wanted: Wanted, subjectId: string | undefined) {
    if (subjectId !== undefined) {
      await markSubjectAhead(deps.database, deps.name, subjectId);
      // The other collections bring the subject ahead too, and an on-demand device its class work (opened
      // already when a page named it, see `pageOf`). It is opened again before the row is let go of, so the
      // other first pulls, which wait while an ask is out (`screenAsksFirst`), never see a moment with
      // none between the two.
      if ('subjectOf' in wanted.narrow) await deps.opened(subjectId);
    }
    if (wanted.rows.length > 0) await forgetAheadRows(deps.database, deps.name, wanted.rows);
  }

  /** One page of `wanted`, or null when the server refuses the ask (not an id): it is then let go of. */
  async function fetchOf(wanted: Wanted, batchSize: number) {
    const going = filling?.key === wanted.key ? filling : null;
    try {
      return { going, page: await deps.fetchPage(wanted.narrow, going?.checkpoint ?? null, batchSize) };
    } catch (error) {
      // Kept, a refused ask would stop the first pull for good.
      if (!(error instanceof HttpError && error.status === 422)) throw error;
      filling = null;
      await complete(wanted, undefined);
      return null;
    }
  }

  /** Notes where `wanted` has got with `page`, and once its last page is stored, that it came. */
  function pageOf(
    wanted: Wanted,
    { going, page }: NonNullable<Awaited<ReturnType<typeof fetchOf>>>,
    batchSize: number,
  ): WithDeleted<Doc>[] {
    const [first] = page.documents;
    const named = first && 'subjectId' in first ? first.subjectId : undefined;
    const subjectId =
      'subjects' in wanted.narrow
        ? wanted.narrow.subjects
        : (going?.subjectId ?? (typeof named === 'string' ? named : undefined));
    if ('subjectOf' in wanted.narrow) {
      // The subject of a row asked for is opened the moment a page names it: the other collections fetch it
      // while this page is still being stored, behind the pages of the first pull before it (an admin's
      // first class sheet during a first sync waited 0.8 s for that).
      if (subjectId !== undefined && going?.subjectId === undefined) {
        void deps.opened(subjectId).catch(() => undefined);
      }
      // Likewise what the screen needs once it has its row: it would ask only after this page is stored and
      // read.
      void deps.askNext?.(page.documents, wanted.narrow.subjectOf).catch(() => undefined);
    }
    const lastRows = page.documents.length > 0 ? page.documents : (going?.lastRows ?? []);
    filling = {
      key: wanted.key,
      checkpoint: page.checkpoint ?? going?.checkpoint ?? null,
      ...(subjectId === undefined ? {} : { subjectId }),
      lastRows,
    };
    if (page.documents.length < batchSize) {
      filling = null;
      for (const key of partsOf(wanted)) completing.add(key);
      void deps
        // RxDB stores pages in order: once the last one with rows is stored, all are.
        .pageStored(lastRows)
        .then(() => complete(wanted, subjectId))
        .finally(() => {
          for (const key of partsOf(wanted)) completing.delete(key);
          deps.reSync();
        })
        .catch(() => undefined);
    }
    return page.documents;
  }

  return {
    /** The next page to bring ahead, or null when nothing is asked for that has not come. */
    async page(batchSize: number): Promise<WithDeleted<Doc>[] | null> {
      for (let wanted = await next(); wanted; wanted = await next()) {
        const fetched = await fetchOf(wanted, batchSize);
        if (fetched) return pageOf(wanted, fetched, batchSize);
      }
      return null;
    },
  };
}
