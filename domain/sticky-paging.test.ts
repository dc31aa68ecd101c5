import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageAfterClose, stickiesPerPage, stickyPageCount, stickyPageSlots } from './sticky-paging';

describe('cards per page', () => {
  it('shows 6 from 1920 px, 4 below and 1 on mobile', () => {
    expect(stickiesPerPage(1920, false)).toBe(6);
    expect(stickiesPerPage(1919, false)).toBe(4);
    expect(stickiesPerPage(2560, true)).toBe(1);
  });
});

describe('page slots', () => {
  it('fills the last row with empty placeholders', () => {
    expect(stickyPageSlots(['a', 'b', 'c', 'd', 'e'], 2, 4)).toEqual(['e', null, null, null]);
  });

  it('shows one page of placeholders when there are no cards', () => {
    expect(stickyPageCount(0, 4)).toBe(1);
    expect(stickyPageSlots([], 1, 4)).toEqual([null, null, null, null]);
  });

  it('clamps a page past the end to the last page', () => {
    expect(stickyPageSlots(['a', 'b', 'c'], 9, 2)).toEqual(['c', null]);
  });

  it('shows every card exactly once across the pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.constantFrom(1, 4, 6), (count, perPage) => {
        const cards = Array.from({ length: count }, (_, index) => index);
        const pages = stickyPageCount(count, perPage);
        const shown = Array.from({ length: pages }, (_, page) =>
          stickyPageSlots(cards, page + 1, perPage),
        ).flat();
        expect(shown.filter((card) => card !== null)).toEqual(cards);
        expect(shown).toHaveLength(pages * perPage);
      }),
    );
  });
});

describe('page after closing a card', () => {
  it('stays on the page while cards remain on it', () => {
    expect(pageAfterClose(2, 6, 4)).toBe(2);
    expect(pageAfterClose(1, 9, 4)).toBe(1);
  });

  it('steps back one page when the last card of the last page closes', () => {
    expect(pageAfterClose(2, 5, 4)).toBe(1);
    expect(pageAfterClose(3, 13, 6)).toBe(2);
  });

  it('never goes before page 1', () => {
    expect(pageAfterClose(1, 1, 4)).toBe(1);
  });

  it('always leaves a page that exists', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom(1, 4, 6),
        fc.nat(),
        (count, perPage, pick) => {
          const page = (pick % stickyPageCount(count, perPage)) + 1;
          const next = pageAfterClose(page, count, perPage);
          expect(next).toBeGreaterThanOrEqual(1);
          expect(next).toBeLessThanOrEqual(stickyPageCount(count - 1, perPage));
          expect(page - next).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
