import {
  getHeightOfRevision,
  type MangoQuery,
  type RxCollection,
  type RxDocumentData,
  type RxPlugin,
} from 'rxdb';
import { distinctUntilChanged, map, type Observable } from 'rxjs';

/**
 * The documents of a query result with each document once. Where one appears twice, the occurrence with the
 * later revision stands, at its own place (each was placed by the sort of its own state); the first of equal
 * revisions stands. The list comes back as it is when no document repeats, the case of nearly every result.
 */
export function eachDocumentOnce<Doc>(
  docs: readonly RxDocumentData<Doc>[],
  primaryPath: string,
): readonly RxDocumentData<Doc>[] {
  const idOf = (doc: RxDocumentData<Doc>) => String((doc as Record<string, unknown>)[primaryPath]);
  const latest = new Map<string, number>();
  let repeated = false;
  docs.forEach((doc, index) => {
    const id = idOf(doc);
    const held = latest.get(id);
    if (held === undefined) {
      latest.set(id, index);
      return;
    }
    repeated = true;
    const heldDoc = docs[held];
    if (heldDoc && getHeightOfRevision(doc._rev) > getHeightOfRevision(heldDoc._rev)) latest.set(id, index);
  });
  if (!repeated) return docs;
  return docs.filter((doc, index) => latest.get(idOf(doc)) === index);
}

/**
 * Query results with each document once (`eachDocumentOnce`). RxDB updates a live result from change events
 * instead of reading again (event-reduce), trusting the storage's promise that a write's events are out
 * before any read can see it. Across contexts that does not hold: the worker's write is in IndexedDB at once,
 * but its events reach a tab later, over a BroadcastChannel (`shared-changes.ts`). A tab that reads in between
 * (a screen opening, or a result read again during a first sync) already holds the row when its insert
 * arrives, and event-reduce puts a row that sorts first (or last) in again: a master list showed its first
 * university and first year code twice during a first sync, an attendance sheet one sitting as two columns.
 * Every result, event-reduced or read, passes through `_setResultData`, so the rule holds for every query.
 */
export const RxDBEachDocumentOncePlugin: RxPlugin = {
  name: 'school-each-document-once',
  rxdb: true,
  prototypes: {
    RxQuery(proto) {
      const setResultData = proto._setResultData;
      proto._setResultData = function (this: typeof proto, data) {
        const once = Array.isArray(data)
          ? [...eachDocumentOnce(data, this.collection.schema.primaryPath)]
          : data;
        setResultData.call(this, once);
      };
    },
  },
};

/**
 * How many documents match `query`, live, counted from the query's result, which holds each document once
 * (`RxDBEachDocumentOncePlugin`). RxDB's own live count adds and subtracts from change events instead, so the
 * late message of a row it has already counted counts it again (a pending-writes badge can show one more, or
 * one fewer, than is waiting); badges use this.
 */
export function liveCount$<Doc>(collection: RxCollection<Doc>, query: MangoQuery<Doc>): Observable<number> {
  return collection.find(query).$.pipe(
    map((documents) => documents.length),
    distinctUntilChanged(),
  );
}
