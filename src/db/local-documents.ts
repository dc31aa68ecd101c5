import type { SchoolDatabase } from './open-database';

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
