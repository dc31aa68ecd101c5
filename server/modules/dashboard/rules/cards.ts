import { z } from 'zod';
import type { StickyType } from '../../../../domain/stickies';
import type { DesiredSticky } from './types';

/**
 * The columns every rule's query selects for whose card it is and where it belongs: the user it goes to and
 * the subject, with the subject's university and year code the card list filters by. A rule's row schema
 * extends this with what its own cards point at.
 */
export const cardRowSchema = z.object({
  user_id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  year_code_id: z.string().nullable(),
});
/** What any rule's row says of whose card it is and where. */
export type CardRow = z.infer<typeof cardRowSchema>;

/** The owner and place of a card of `type` for a rule's row; the rule adds its references and content. */
export function cardOf(row: CardRow, type: StickyType) {
  return {
    userId: row.user_id,
    type,
    subjectId: row.subject_id,
    universityId: row.university_id,
    yearCodeId: row.year_code_id,
  };
}

/**
 * One card per key: the rows come newest or earliest first, as the rule wants, and the first row of each key
 * makes that key's card; the rows after it only add to the card's More list, which is read elsewhere.
 */
export function firstCardPerKey<Row>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  toCard: (row: Row) => DesiredSticky,
): DesiredSticky[] {
  const cards = new Map<string, DesiredSticky>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!cards.has(key)) cards.set(key, toCard(row));
  }
  return [...cards.values()];
}
