import { map, type OperatorFunction } from 'rxjs';

/**
 * A live query's documents, each once: the first of each id stands, in the query's order. RxDB's live
 * results held one document more than once during a first sync (an attendance sheet showed one sitting as
 * two columns, the master list one faculty four times, in CI runs): the worker's change messages reach a
 * tab after the tab has read the rows they announce. Queries now keep each document once themselves
 * (`each-document-once.ts`, with the test that reproduces it); a screen keyed by id still reads through here,
 * which costs one pass over a list.
 */
export function uniqueDocuments<Document extends { primary: string }>(
  documents: readonly Document[],
): Document[] {
  const seen = new Set<string>();
  return documents.filter((document) => {
    if (seen.has(document.primary)) return false;
    seen.add(document.primary);
    return true;
  });
}

/**
 * A live query's documents as plain rows, each document once (`uniqueDocuments`). `toJSON` copies only the
 * top level: screens never mutate what they read, and a deep copy of a thousand scores on every stored
 * keystroke would cost more than the screen.
 */
export function asRows<Row>(): OperatorFunction<readonly { primary: string; toJSON(): Row }[], Row[]> {
  return map((documents) => uniqueDocuments(documents).map((document) => document.toJSON()));
}
