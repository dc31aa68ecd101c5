import type { Executor } from '../db/client';
import { type ChainBreak, verifyChain } from './chain';
import { entriesAfter } from './recorder';

/** Entries the check reads at a time. */
const PAGE = 5000;

/** Walks the whole stored chain from its first entry; the first broken entry, or null and how many were checked. */
export async function checkAccessLog(db: Executor): Promise<{ checked: number; broken: ChainBreak | null }> {
  let from: { prevHash: string; lastId: number } | undefined;
  let checked = 0;
  for (;;) {
    const page = await entriesAfter(db, from?.lastId ?? 0, PAGE);
    if (page.length === 0) return { checked, broken: null };
    const result = verifyChain(page, from);
    if (result.broken)
      return { checked: checked + (result.lastId - (from?.lastId ?? 0)), broken: result.broken };
    checked += page.length;
    from = { prevHash: result.prevHash, lastId: result.lastId };
  }
}

/** What the check command prints about a break. */
export function describeBreak(broken: ChainBreak): string {
  switch (broken.reason) {
    case 'gap':
      return `entry ${broken.id}: entry ${broken.expectedId} is missing before it`;
    case 'prev_hash_mismatch':
      return `entry ${broken.id}: its previous hash is ${broken.found}, the entry before it hashes to ${broken.expected}`;
    case 'hash_mismatch':
      return `entry ${broken.id}: its content hashes to ${broken.expected}, it says ${broken.found} (altered)`;
  }
}
