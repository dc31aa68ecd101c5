import type { MessageDescriptor } from '@lingui/core';
import { z } from 'zod';

/**
 * A score typed into a cell and refused on this device (above the full score, not a number…): nothing was
 * stored, so without this the cell showed the stored value again after a reload with no word of why.
 * `base` is the value the cell showed when the entry was typed: once another value is stored the entry no
 * longer applies. The reason is kept as its message descriptor, so it is worded in the language of the
 * moment it is shown.
 */
export interface RefusedEntry {
  base: string;
  text: string;
  reason: MessageDescriptor;
}

const refusedEntrySchema = z.object({
  base: z.string().max(64),
  text: z.string().max(64),
  reason: z.object({
    id: z.string().max(200),
    message: z.string().max(500).optional(),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});

// Kept per tab: a refused entry is the work of the person at this tab, not of every tab of the device.
const PREFIX = 'refused-score:';

/** The refused entry kept for a cell, if any (a damaged one is ignored). */
export function keptRefusal(storage: Pick<Storage, 'getItem'>, cellKey: string): RefusedEntry | null {
  try {
    const parsed = refusedEntrySchema.safeParse(JSON.parse(storage.getItem(PREFIX + cellKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps a cell's refused entry, or forgets it (null) once the cell is entered or the entry dropped. */
export function keepRefusal(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  cellKey: string,
  entry: RefusedEntry | null,
): void {
  try {
    if (entry) storage.setItem(PREFIX + cellKey, JSON.stringify(entry));
    else storage.removeItem(PREFIX + cellKey);
  } catch {
    // Storage full or refused (private mode): the refusal is still shown until the page is left.
  }
}
