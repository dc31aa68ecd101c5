import type { WithDeleted } from 'rxdb';
import type { SyncCheckpoint } from '../../domain/sync';
import { aheadRowsAsked, forgetAheadRow, markSubjectAhead, subjectsAhead } from '../db/ahead-asks';
import type { SchoolDatabase } from '../db/open-database';
import { HttpError } from './http';

/** What brings rows ahead needs of the collection's replication. */
export type AheadPullDeps<Doc> = {
  database: SchoolDatabase;
  name: string;
  /** Fetches one page of the collection's pull narrowed as `narrow` says, from `checkpoint`. */
  fetchPage(
    narrow: { subjects: string } | { subjectOf: string },
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
};

type Wanted = { key: string; narrow: { subjects: string } | { subjectOf: string } };

/**
 * The pages a collection's first pull fetches ahead of the rest (docs/on-demand-sync.md, "Ahead of the first
 * pull"): first the subject of each row a screen waits for, found by the server (`subjectOf`), then each
 * subject a screen opened, until each has come whole. Like a subject of an on-demand collection, each comes
 * page by page from a position kept in memory (a restart brings it again from its start: a few hundred
 * rows), and the pull of changes keeps its checkpoint. A page fetched later holds the same state of a row or
 * a newer one, and the storage refuses an older state anyway (`withOrderedPulls`).
 */
export function createAheadPull<Doc extends object>(deps: AheadPullDeps<Doc>) {
  // The ask being brought in, the position its pages have reached, and its subject once a page named it.
  let filling: { key: string; checkpoint: SyncCheckpoint | null; subjectId?: string } | null = null;
  // Asks whose last page came and is being stored: not fetched again meanwhile.
  const completing = new Set<string>();

  async function next(): Promise<Wanted | null> {
    const rows = await aheadRowsAsked(deps.database, deps.name);
    const row = rows.find((id) => !completing.has(`row:${id}`));
    if (row !== undefined) return { key: `row:${row}`, narrow: { subjectOf: row } };
    const ahead = await subjectsAhead(deps.database, deps.name);
    const opened = await deps.subjectsOpened();
    const subject = opened.find((id) => !ahead.includes(id) && !completing.has(`subject:${id}`));
    return subject === undefined ? null : { key: `subject:${subject}`, narrow: { subjects: subject } };
  }

  /** Once the last page of `wanted` is stored: its subject is here, and a row asked for is let go of. */
  async function complete(wanted: Wanted, subjectId: string | undefined) {
    if ('subjectOf' in wanted.narrow) await forgetAheadRow(deps.database, deps.name, wanted.narrow.subjectOf);
    if (subjectId === undefined) return;
    await markSubjectAhead(deps.database, deps.name, subjectId);
    // The other collections bring the subject ahead too, and an on-demand device its class work.
    if ('subjectOf' in wanted.narrow) await deps.opened(subjectId);
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
    filling = {
      key: wanted.key,
      checkpoint: page.checkpoint ?? going?.checkpoint ?? null,
      ...(subjectId === undefined ? {} : { subjectId }),
    };
    if (page.documents.length < batchSize) {
      filling = null;
      completing.add(wanted.key);
      void deps
        .pageStored(page.documents)
        .then(() => complete(wanted, subjectId))
        .finally(() => {
          completing.delete(wanted.key);
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
