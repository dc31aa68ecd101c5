import { describe, expect, it } from 'vitest';
import { slices } from './rows';

describe('insert slices', () => {
  it('cuts a batch into consecutive slices, the last one shorter, and nothing for an empty batch', () => {
    expect(slices([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(slices([], 2)).toEqual([]);
    expect(slices(Array.from({ length: 2500 }, (_, index) => index)).map((slice) => slice.length)).toEqual([
      1000, 1000, 500,
    ]);
  });
});
