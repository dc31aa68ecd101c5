import type {
  DexieStorageInternals,
  PreparedQuery,
  RxDocumentData,
  RxStorage,
  RxStorageInstance,
} from 'rxdb';
import { getQueryMatcher, getSortComparator } from 'rxdb';
import {
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
} from 'rxdb/plugins/storage-dexie';
import { withEachInstance } from './storage-wrapper';

type DexieState = Awaited<DexieStorageInternals>;

/** Whether a query has a limit and the index gives its order: its first rows of the range are its answer. */
function stopsAtLimit(preparedQuery: PreparedQuery<unknown>): boolean {
  const { queryPlan, query } = preparedQuery;
  return queryPlan.sortSatisfiedByIndex && typeof query.limit === 'number';
}

/**
 * Whether RxDB's cursor walk suits a query better: it stops at the limit, where a selector the index does not
 * decide leaves unknown how many rows of the range to read.
 */
function walksCursor(preparedQuery: PreparedQuery<unknown>): boolean {
  return stopsAtLimit(preparedQuery) && !preparedQuery.queryPlan.selectorSatisfiedByIndex;
}

/**
 * The IndexedDB rows of `range` in `indexName`, at most `count`, in one request: Dexie reads a plain range with
 * `getAll`. Through Dexie, not a raw request in its transaction: a native promise awaited inside a Dexie
 * transaction left Dexie waiting on it for good, and every later read of the table with it (the sync's pull
 * stopped storing pages once the subject-by-subject pull had run such a query; tests/sync/on-demand.test.ts).
 */
function readRange(
  state: DexieState,
  indexName: string,
  range: IDBKeyRange,
  count?: number,
): Promise<unknown[]> {
  const rows = state.dexieTable
    .where(indexName)
    .between(range.lower, range.upper, !range.lowerOpen, !range.upperOpen);
  return (count === undefined ? rows : rows.limit(count)).toArray();
}

/**
 * The documents of a query, read with one IndexedDB request for the query plan's whole index range, where
 * RxDB's Dexie storage walks a cursor over it: one request, and one task of the event loop, a row. Opening
 * the subject list (301 subjects of about 22,000 rows in the collection) waited 200 ms for its cursor on a quiet
 * device, and 800 ms while the sync worker wrote pages. The answer is RxDB's own: the rows of the range that
 * the selector matches, sorted, then skip and limit applied.
 */
async function queryWholeRange<Doc>(
  state: DexieState,
  preparedQuery: PreparedQuery<Doc>,
  schema: RxStorageInstance<Doc, unknown, unknown>['schema'],
): Promise<RxDocumentData<Doc>[]> {
  const { query, queryPlan } = preparedQuery;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange);
  } catch (error) {
    // As RxDB answers a range IndexedDB cannot build: nothing matches.
    if (error instanceof Error && error.name === 'DataError') return [];
    throw error;
  }
  const skip = query.skip ?? 0;
  const end = typeof query.limit === 'number' ? skip + query.limit : Number.POSITIVE_INFINITY;
  const indexName = `[${queryPlan.index.map((field: string) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  // Here a query with a limit in the index's order has a selector the index decides (`walksCursor`).
  const readsTo = stopsAtLimit(preparedQuery) ? end : undefined;
  const stored = await readRange(state, indexName, range, readsTo);
  const matches = queryPlan.selectorSatisfiedByIndex ? null : getQueryMatcher(schema, query);
  let rows = stored.map((row) => fromDexieToStorage<Doc>(state.booleanIndexes, row));
  if (matches) rows = rows.filter((row) => matches(row));
  if (!queryPlan.sortSatisfiedByIndex) rows.sort(getSortComparator(schema, query));
  return rows.slice(skip, end);
}

function withWholeRangeQuery<Doc, Internals, Options>(
  instance: RxStorageInstance<Doc, Internals, Options>,
): RxStorageInstance<Doc, Internals, Options> {
  const internals = instance.internals as unknown as DexieStorageInternals;
  const query = instance.query.bind(instance);
  const count = instance.count.bind(instance);
  const closed = () => Boolean((instance as { closed?: unknown }).closed);
  instance.query = async (preparedQuery) => {
    // A closed instance answers RxDB's error.
    const prepared = preparedQuery as PreparedQuery<Doc>;
    if (closed() || walksCursor(prepared)) return query(preparedQuery);
    return { documents: await queryWholeRange(await internals, prepared, instance.schema) };
  };
  instance.count = async (preparedQuery) => {
    const prepared = preparedQuery as PreparedQuery<Doc>;
    // RxDB counts an index-decided selector with IndexedDB's count; the rest by running the query.
    if (closed() || prepared.queryPlan.selectorSatisfiedByIndex || walksCursor(prepared)) {
      return count(preparedQuery);
    }
    const documents = await queryWholeRange(await internals, prepared, instance.schema);
    return { count: documents.length, mode: 'slow' };
  };
  return instance;
}

/**
 * RxDB's Dexie storage with every query read by whole index range (`queryWholeRange`); wrap the Dexie
 * storage itself, since the rule reads its internals.
 */
export function withWholeRangeQueries<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  return withEachInstance<Internals, Options>(storage, withWholeRangeQuery);
}
