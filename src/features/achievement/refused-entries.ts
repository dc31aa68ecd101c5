import { z } from 'zod';

/**
 * A score typed into a cell and refused on this device (above the full score, not a number…). Nothing was
 * stored, so after a reload the cell would show the stored value again with no word of why; the entry is
 * kept for the tab instead, and shown again while the cell still holds the value it was typed over (`base`).
 */
export interface RefusedEntry {
  base: string;
  text: string;
  message: string;
}

const refusedEntrySchema = z.object({
  base: z.string().max(64),
  text: z.string().max(64),
  message: z.string().max(500),
});

// Per tab (session storage): a refused entry is the work of the person at this tab, not of every tab.
const PREFIX = 'refused-score:';

/** The storage of the tab, or none where the browser refuses it (some private modes). */
function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The refused entry kept for a cell, if any; a damaged one counts as none. */
export function keptRefusal(cellKey: string, storage = tabStorage()): RefusedEntry | null {
  try {
    // Read for every cell a grid mounts: most have nothing kept, and nothing is parsed for them.
    const raw = storage?.getItem(PREFIX + cellKey);
    if (!raw) return null;
    const parsed = refusedEntrySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps a cell's refused entry, or forgets it (null) once the cell is entered again or the entry dropped. */
export function keepRefusal(cellKey: string, entry: RefusedEntry | null, storage = tabStorage()): void {
  try {
    if (entry) storage?.setItem(PREFIX + cellKey, JSON.stringify(entry));
    else storage?.removeItem(PREFIX + cellKey);
  } catch {
    // Storage full or refused: the refusal still shows until the page is left.
  }
}
