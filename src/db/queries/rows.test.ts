import { firstValueFrom, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { asRows } from './rows';

const doc = (id: string, name: string) => ({ primary: id, toJSON: () => ({ id, name }) });

describe('asRows', () => {
  it('gives each document once, the first of an id standing, in the query’s order', async () => {
    const rows = await firstValueFrom(
      of([doc('b', 'B'), doc('a', 'A'), doc('b', 'B again'), doc('c', 'C')]).pipe(asRows()),
    );
    expect(rows).toEqual([
      { id: 'b', name: 'B' },
      { id: 'a', name: 'A' },
      { id: 'c', name: 'C' },
    ]);
  });
});
