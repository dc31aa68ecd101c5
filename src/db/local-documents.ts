import type { RxChangeEventBulk } from 'rxdb';
import { concatMap, filter, type Observable, startWith } from 'rxjs';
import type { SchoolDatabase } from './open-database';

type LocalDocument = Awaited<ReturnType<SchoolDatabase['getLocal']>>;

/**
 * The database's local document `id`, live: null while there is none, then the document after each change of
 * it. RxDB's own `getLocal$` runs an async step for every change event of every collection, one row at a
 * time: a pulled page of 1,000 rows made a thousand inner subscriptions per watcher, each removed from a
 * list as long as the rest, and the window spent 0.7 s of a first sync's busiest seconds in that
 * bookkeeping. This looks only at the database's own local changes, a batch at a time, and reads the
 * document only when a batch changed it.
 */
export function localDocument$(database: SchoolDatabase, id: string): Observable<LocalDocument> {
  const changes: Observable<RxChangeEventBulk<unknown>> = database.eventBulks$;
  return changes.pipe(
    // The database's own local documents: a local batch that names no collection.
    filter(
      (bulk) => bulk.isLocal && !bulk.collectionName && bulk.events.some((event) => event.documentId === id),
    ),
    startWith(null),
    concatMap(() => database.getLocal(id)),
  );
}

/**
 * Writes the local document `id` as `update` makes it from what is stored (undefined when there is none),
 * creating it if need be. Any tab and the worker may write the same document: one created meanwhile by
 * another is updated in its turn rather than overwritten.
 */
export async function updateLocalDocument(
  database: SchoolDatabase,
  id: string,
  update: (data: Readonly<Record<string, unknown>> | undefined) => Record<string, unknown>,
): Promise<void> {
  const current = await database.getLocal(id);
  if (current) {
    await current.incrementalModify((data) => update(data));
    return;
  }
  try {
    await database.insertLocal(id, update(undefined));
  } catch {
    // Created meanwhile by another tab or the worker: change theirs.
    await (await database.getLocal(id))?.incrementalModify((data) => update(data));
  }
}
