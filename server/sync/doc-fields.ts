import { z } from 'zod';

/**
 * The columns a derived collection's SQL adds to the document's fields (named after them): the row's
 * sequence and soft-delete flag, which `toDocFields` turns into `updatedAt` and `_deleted`.
 */
export const SYNC_ROW_COLUMNS = { seq: z.coerce.number().int(), deleted: z.boolean() };

/** The document fields a row of a derived collection does not carry under the document's name. */
export const SYNC_DOC_FIELDS = { updatedAt: true, _deleted: true } as const;

/** A row named after its document's fields, as the document. */
export function toDocFields<Fields extends object>({
  seq,
  deleted,
  ...fields
}: Fields & { seq: number; deleted: boolean }) {
  return { ...fields, updatedAt: seq, _deleted: deleted };
}
