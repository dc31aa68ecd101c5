import { describe, expect, it } from 'vitest';
import { decidePush, sameContent } from './sync-merge';

interface Mark {
  id: string;
  updatedAt: number;
  _deleted: boolean;
  status: number | null;
  note: string | null;
}

const base: Mark = { id: 'a', updatedAt: 5, _deleted: false, status: 1, note: null };
const FIELDS = ['status', 'note'] as const;

describe('push decision', () => {
  it('writes a row based on the current version and ignores a replay of what the server holds', () => {
    const next = { ...base, status: 2 };
    expect(decidePush(base, { newDocumentState: next, assumedMasterState: base }, null)).toEqual({
      type: 'write',
      doc: next,
      conflictFields: [],
    });
    const server = { ...next, updatedAt: 9 };
    expect(decidePush(server, { newDocumentState: next, assumedMasterState: base }, null)).toEqual({
      type: 'unchanged',
    });
  });

  it('rejects a whole-row write on a stale base and one based on a row the server lacks', () => {
    const server = { ...base, updatedAt: 9, note: 'x' };
    const next = { ...base, status: 2 };
    expect(decidePush(server, { newDocumentState: next, assumedMasterState: base }, null)).toEqual({
      type: 'reject',
      reason: 'conflict',
    });
    expect(decidePush(null, { newDocumentState: next, assumedMasterState: base }, null)).toEqual({
      type: 'reject',
      reason: 'not_found',
    });
  });

  it('merges fields each side changed alone, and keeps the server value where both changed one', () => {
    const server = { ...base, updatedAt: 9, note: 'server note' };
    const next = { ...base, status: 2 };
    expect(decidePush(server, { newDocumentState: next, assumedMasterState: base }, FIELDS)).toEqual({
      type: 'write',
      doc: { ...server, status: 2 },
      conflictFields: [],
    });

    const both = { ...base, status: 3, note: 'local note' };
    const serverBoth = { ...base, updatedAt: 9, status: 0 };
    expect(decidePush(serverBoth, { newDocumentState: both, assumedMasterState: base }, FIELDS)).toEqual({
      type: 'write',
      doc: { ...serverBoth, note: 'local note' },
      conflictFields: ['status'],
    });

    const onlyStatus = { ...base, status: 3 };
    expect(
      decidePush(serverBoth, { newDocumentState: onlyStatus, assumedMasterState: base }, FIELDS),
    ).toEqual({
      type: 'reject',
      reason: 'field_conflict',
      conflictFields: ['status'],
    });
  });

  it('fills the server empty fields from a row two clients created offline under one natural key', () => {
    const server: Mark = { ...base, updatedAt: 9, status: 1, note: null };
    const next: Mark = { ...base, status: 2, note: 'mine' };
    expect(decidePush(server, { newDocumentState: next, assumedMasterState: null }, FIELDS)).toEqual({
      type: 'write',
      doc: { ...server, note: 'mine' },
      conflictFields: ['status'],
    });
  });

  it('compares content without the sequence', () => {
    expect(sameContent(base, { ...base, updatedAt: 99 })).toBe(true);
    expect(sameContent(base, { ...base, _deleted: true })).toBe(false);
  });
});
