import { describe, expect, it } from 'vitest';
import { sortRows } from './data-table';

describe('sortRows', () => {
  const rows = [
    { name: 'B-10', value: 2 },
    { name: 'B-9', value: null },
    { name: 'A', value: 5 },
    { name: 'C', value: 2 },
  ];

  it('orders numbers and keeps equal ones in their order, empty values last', () => {
    expect(sortRows(rows, (row) => row.value, false).map((row) => row.name)).toEqual([
      'B-10',
      'C',
      'A',
      'B-9',
    ]);
    expect(sortRows(rows, (row) => row.value, true).map((row) => row.name)).toEqual([
      'A',
      'B-10',
      'C',
      'B-9',
    ]);
  });

  it('orders text with numbers as people read them', () => {
    expect(sortRows(rows, (row) => row.name, false).map((row) => row.name)).toEqual([
      'A',
      'B-9',
      'B-10',
      'C',
    ]);
  });
});
