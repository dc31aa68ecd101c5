/**
 * The comparison key of a user-typed name (category, condition, sub-score and score names): NFKC folds
 * full-width letters and digits to half-width and half-width katakana to full-width, then the text is trimmed
 * and lower-cased. Two names with the same key are the same name to a user, so duplicates are found and
 * formula names are matched on this key.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

const studentNumberCollator = new Intl.Collator('ja', { numeric: true });

/**
 * The order of a class's students wherever they are listed (the attendance sheet, the score grid, and the
 * server's sheets): by student number in natural order (S2 before S10, case aside), then by name. One
 * collator with a fixed locale, so a browser and the server agree.
 */
export function byStudentNumber(
  a: { identity: string | null; name: string },
  b: { identity: string | null; name: string },
): number {
  return (
    studentNumberCollator.compare(a.identity ?? '', b.identity ?? '') ||
    studentNumberCollator.compare(a.name, b.name)
  );
}
