import { map, type OperatorFunction } from 'rxjs';

/**
 * A live query's documents as plain rows. `toJSON` copies only the top level: screens never mutate what they
 * read, and a deep copy of a thousand scores on every stored keystroke would cost more than the screen.
 */
export function asRows<Row>(): OperatorFunction<readonly { toJSON(): Row }[], Row[]> {
  return map((documents) => documents.map((document) => document.toJSON()));
}
