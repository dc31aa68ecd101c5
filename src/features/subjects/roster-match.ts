/** A student who may join a class of the subject, as this device knows them. */
export type RosterCandidate = {
  studentId: string;
  identity: string | null;
  name: string;
  yearCodeId: string | null;
  /** Known only for students the server found by address (`lookUpEmails`); the device keeps no addresses. */
  email?: string | null;
};

/** Who a pasted list or a year code brings into a class, before anything is saved. */
export type RosterPreview = {
  /** Students who will be added. */
  matched: RosterCandidate[];
  /** Students found but already seated in a class of this subject: a student sits in one class of a subject. */
  seated: RosterCandidate[];
  /** Pasted entries that named nobody the subject's university holds. */
  unmatched: string[];
};

/**
 * The entries of a pasted list: one per line, or separated by commas, semicolons, tabs or spaces (a column
 * copied from a spreadsheet, a mail's address list). Full-width characters are folded (ＳＴ００１ → ST001) and
 * repeats dropped, keeping the first.
 */
export function rosterEntries(text: string): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const raw of text.normalize('NFKC').split(/[\s,;、，]+/u)) {
    const entry = raw.trim().replace(/^<|>$/g, '');
    const key = entry.toLowerCase();
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  return entries;
}

/** Whether an entry is an e-mail address rather than a student number. */
export function isEmailEntry(entry: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(entry);
}

/**
 * Matches pasted entries to students by student number or e-mail (case does not matter), in the order pasted.
 * Students already in a class of the subject (`seatedIds`) are set apart, not added twice.
 */
export function matchRoster(
  entries: readonly string[],
  candidates: readonly RosterCandidate[],
  seatedIds: ReadonlySet<string>,
): RosterPreview {
  const byKey = new Map<string, RosterCandidate>();
  for (const candidate of candidates) {
    if (candidate.identity) byKey.set(candidate.identity.normalize('NFKC').toLowerCase(), candidate);
    if (candidate.email) byKey.set(candidate.email.toLowerCase(), candidate);
  }
  const found: RosterCandidate[] = [];
  const unmatched: string[] = [];
  for (const entry of entries) {
    const candidate = byKey.get(entry.toLowerCase());
    if (!candidate) unmatched.push(entry);
    else if (!found.includes(candidate)) found.push(candidate);
  }
  return split(found, seatedIds, unmatched);
}

/** Every student of a year code, by student number: the "whole year code" choice. */
export function yearCodeRoster(
  yearCodeId: string,
  candidates: readonly RosterCandidate[],
  seatedIds: ReadonlySet<string>,
): RosterPreview {
  const collator = new Intl.Collator(undefined, { numeric: true });
  const found = candidates
    .filter((candidate) => candidate.yearCodeId === yearCodeId)
    .sort((a, b) => collator.compare(a.identity ?? '', b.identity ?? ''));
  return split(found, seatedIds, []);
}

function split(found: RosterCandidate[], seatedIds: ReadonlySet<string>, unmatched: string[]): RosterPreview {
  return {
    matched: found.filter((candidate) => !seatedIds.has(candidate.studentId)),
    seated: found.filter((candidate) => seatedIds.has(candidate.studentId)),
    unmatched,
  };
}
