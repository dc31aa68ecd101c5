/**
 * The comparison key of a user-typed name (category, condition, sub-score and score names): NFKC folds
 * full-width letters and digits to half-width and half-width katakana to full-width, then the text is trimmed
 * and lower-cased. Two names with the same key are the same name to a user, so duplicates are found and
 * formula names are matched on this key.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}
