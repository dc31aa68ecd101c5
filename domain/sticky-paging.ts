import { LIMITS } from './limits';

/** Cards per dashboard page (SPEC §2): 1 on mobile, 6 on windows at least 1920 px wide, else 4. */
export function stickiesPerPage(windowWidth: number, isMobile: boolean): number {
  if (isMobile) return LIMITS.stickiesPerPageMobile;
  return windowWidth >= LIMITS.stickyWideBreakpointPx ? LIMITS.stickiesPerPageWide : LIMITS.stickiesPerPage;
}

/** Number of pages for a card count; at least 1, so an empty dashboard still shows page 1 of 1. */
export function stickyPageCount(cardCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(cardCount / perPage));
}

/** A page number (1-based, SPEC §9 "default pagination page 1") clamped into the pages that exist. */
export function clampStickyPage(page: number, cardCount: number, perPage: number): number {
  return Math.min(Math.max(1, Math.floor(page)), stickyPageCount(cardCount, perPage));
}

/**
 * The cards of a 1-based page, padded with `null` placeholders to a full row (SPEC §2: "empty placeholders
 * fill the row"), so the strip keeps its width on the last page.
 */
export function stickyPageSlots<T>(cards: readonly T[], page: number, perPage: number): (T | null)[] {
  const current = clampStickyPage(page, cards.length, perPage);
  const start = (current - 1) * perPage;
  const slots: (T | null)[] = cards.slice(start, start + perPage);
  while (slots.length < perPage) slots.push(null);
  return slots;
}

/**
 * The page to show after a card closes (SPEC §4): the same page, unless the closed card was the last one on
 * the last page, in which case one page back (never before page 1).
 */
export function pageAfterClose(page: number, cardCountBefore: number, perPage: number): number {
  return clampStickyPage(page, Math.max(0, cardCountBefore - 1), perPage);
}
