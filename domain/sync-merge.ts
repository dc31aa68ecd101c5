/** The fields every replicated document has. */
export interface SyncedDoc {
  id: string;
  /** The server's change sequence of the row's last write. */
  updatedAt: number;
  _deleted: boolean;
}

/** One row of a push: the client's new state and the server state it based the write on. */
export interface PushRow<Doc> {
  newDocumentState: Doc;
  assumedMasterState: Doc | null;
}

/** What the server does with one pushed row. */
export type PushDecision<Doc> =
  /** The server already holds exactly this content (a replay, or both sides made the same change). */
  | { type: 'unchanged' }
  /** Write `doc`; `conflictFields` lists local values that lost to the server's and must be reported. */
  | { type: 'write'; doc: Doc; conflictFields: string[] }
  /** Keep the server's row as it is; `conflictFields` is set when a field merge found only losing fields. */
  | { type: 'reject'; reason: 'conflict' | 'not_found' | 'field_conflict'; conflictFields?: string[] };

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * One unit of a field-by-field merge: a field, or fields that only make sense together (a late status and its
 * minutes), which are merged as one.
 */
export type MergeUnit = string | readonly string[];

function valuesOf(doc: SyncedDoc, fields: readonly string[]): unknown[] {
  return fields.map((field) => Reflect.get(doc, field) ?? null);
}

function isEmpty(values: readonly unknown[]): boolean {
  return values.every((value) => value === null);
}

/** The fields of a document that carry content: all but the id and the server's sequence. */
function contentKeys<Doc extends SyncedDoc>(doc: Doc): string[] {
  return Object.keys(doc).filter((key) => key !== 'id' && key !== 'updatedAt');
}

/** Whether two states of a row hold the same content, whatever their sequences. */
export function sameContent<Doc extends SyncedDoc>(a: Doc, b: Doc): boolean {
  const keys = new Set([...contentKeys(a), ...contentKeys(b)]);
  for (const key of keys) {
    if (!sameValue(Reflect.get(a, key), Reflect.get(b, key))) return false;
  }
  return true;
}

/**
 * Decides one pushed row against the server's current row (ARCHITECTURE §3).
 *
 * Whole-row collections (`mergeFields` null) take the write only when the client based it on the server's
 * current version. Collections that merge field by field (attendance, scores) apply every field the client
 * changed from its base where the server did not change it too; where both changed a field to different
 * values the server's value stands and the field is reported. Without a base (two clients created the same
 * natural key offline) a field the server left empty takes the client's value.
 */
export function decidePush<Doc extends SyncedDoc>(
  current: Doc | null,
  row: PushRow<Doc>,
  mergeFields: readonly MergeUnit[] | null,
): PushDecision<Doc> {
  const next = row.newDocumentState;
  const base = row.assumedMasterState;
  if (!current) {
    if (base) return { type: 'reject', reason: 'not_found' };
    return { type: 'write', doc: next, conflictFields: [] };
  }
  if (sameContent(current, next)) return { type: 'unchanged' };
  if (base && base.updatedAt === current.updatedAt) return { type: 'write', doc: next, conflictFields: [] };
  if (!mergeFields) return { type: 'reject', reason: 'conflict' };

  const merged: Doc = { ...current };
  const conflictFields: string[] = [];
  for (const unit of [...mergeFields, '_deleted']) {
    const fields = typeof unit === 'string' ? [unit] : unit;
    const take = () => {
      for (const field of fields) Reflect.set(merged, field, Reflect.get(next, field));
    };
    const local = valuesOf(next, fields);
    const server = valuesOf(current, fields);
    if (sameValue(local, server)) continue;
    if (base) {
      const before = valuesOf(base, fields);
      if (sameValue(local, before)) continue;
      if (sameValue(server, before)) {
        take();
        continue;
      }
    } else if (isEmpty(server)) {
      take();
      continue;
    } else if (isEmpty(local)) {
      continue;
    }
    conflictFields.push(...fields);
  }
  if (sameContent(merged, current)) {
    return conflictFields.length > 0
      ? { type: 'reject', reason: 'field_conflict', conflictFields }
      : { type: 'unchanged' };
  }
  return { type: 'write', doc: merged, conflictFields };
}
