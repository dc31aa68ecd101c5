import { createHash } from 'node:crypto';

/** The hash the first entry is chained to: there is no entry before it. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry says, the part its hash covers besides the previous hash. */
export interface ChainedContent {
  id: number;
  at: Date;
  actorId: string | null;
  actorRole: number | null;
  sessionId: string | null;
  kind: string;
  what: unknown;
  studentIds: readonly string[];
}

/** JSON with object keys in sorted order at every depth, so jsonb's own key order cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The canonical text of an entry: its fields in a fixed order, the time to the millisecond. */
export function canonicalContent(entry: ChainedContent): string {
  return canonicalJson([
    entry.id,
    entry.at.toISOString(),
    entry.actorId,
    entry.actorRole,
    entry.sessionId,
    entry.kind,
    entry.what,
    [...entry.studentIds],
  ]);
}

/** sha-256 over the previous entry's hash and this entry's canonical content, as hex. */
export function chainHash(prevHash: string, entry: ChainedContent): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalContent(entry)).digest('hex');
}

/** One stored entry as the check reads it. */
export interface StoredEntry extends ChainedContent {
  prevHash: string;
  hash: string;
}

/** Why the chain breaks at an entry. */
export type ChainBreak =
  | { id: number; reason: 'prev_hash_mismatch'; expected: string; found: string }
  | { id: number; reason: 'hash_mismatch'; expected: string; found: string }
  | { id: number; reason: 'gap'; expectedId: number };

/**
 * Walks entries in id order from `prevHash` (the hash of the entry before the first given, or the genesis),
 * answering the first that breaks the chain and the hash and id the walk ended on.
 */
export function verifyChain(
  entries: readonly StoredEntry[],
  from: { prevHash: string; lastId: number } = { prevHash: GENESIS_HASH, lastId: 0 },
): { broken: ChainBreak | null; prevHash: string; lastId: number } {
  let prevHash = from.prevHash;
  let lastId = from.lastId;
  for (const entry of entries) {
    if (entry.id !== lastId + 1) {
      return { broken: { id: entry.id, reason: 'gap', expectedId: lastId + 1 }, prevHash, lastId };
    }
    if (entry.prevHash !== prevHash) {
      return {
        broken: { id: entry.id, reason: 'prev_hash_mismatch', expected: prevHash, found: entry.prevHash },
        prevHash,
        lastId,
      };
    }
    const expected = chainHash(prevHash, entry);
    if (entry.hash !== expected) {
      return {
        broken: { id: entry.id, reason: 'hash_mismatch', expected, found: entry.hash },
        prevHash,
        lastId,
      };
    }
    prevHash = entry.hash;
    lastId = entry.id;
  }
  return { broken: null, prevHash, lastId };
}
