import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { MasterDocType } from '../../db/master-schema';
import type { SchoolDatabase } from '../../db/open-database';
import { syncIssues$ } from '../../db/outbox';
import { basedOnOwnWrite, conflictsOf } from './conflict';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const room = (name: string, updatedAt: number, id = 'room-a') => ({
  ...masterRow({ id, kind: 'rooms', name, updatedAt }),
  _deleted: false,
});

describe('a row based on this device’s own earlier push', () => {
  it('keeps its base when no earlier push took it, or the base is as late as that push', () => {
    const row = { newDocumentState: room('C', 4), assumedMasterState: room('B', 4) };
    expect(basedOnOwnWrite(row, undefined)).toBe(row);
    expect(basedOnOwnWrite(row, { sent: room('B', 3), written: room('B', 4) })).toBe(row);
  });

  it('takes the server’s state of that push as its base when the server holds just what was sent', () => {
    const row = { newDocumentState: room('C', 2), assumedMasterState: room('A', 2) };
    const based = basedOnOwnWrite(row, { sent: room('B', 2), written: room('B', 5) });
    expect(based.assumedMasterState).toEqual(room('B', 5));
  });

  it('takes what was sent, under the older sequence, when the server merged in somebody else’s change', () => {
    const row = { newDocumentState: room('C', 2), assumedMasterState: null };
    const based = basedOnOwnWrite<MasterDocType>(row, {
      sent: room('B', 2),
      written: { ...room('B', 5), color: '#ff0000' },
    });
    expect(based.assumedMasterState).toEqual(room('B', 0));
  });
});

describe('the conflict step', () => {
  it('hands RxDB the refused rows and those taken with a new sequence, and lists a refusal that changed the row', async () => {
    database = await openTestDatabase('conflict');
    const sent = [
      { newDocumentState: room('Mine', 3, 'room-a'), assumedMasterState: room('Old', 3, 'room-a') },
      { newDocumentState: room('Same', 3, 'room-b'), assumedMasterState: null },
      { newDocumentState: room('Taken', 0, 'room-c'), assumedMasterState: null },
      { newDocumentState: room('Kept', 4, 'room-d'), assumedMasterState: null },
    ];
    const back = await conflictsOf<MasterDocType>({ database, name: 'master' }, sent, {
      conflicts: [
        { document: room('Theirs', 6, 'room-a'), reason: 'field_conflict', fields: ['name'] },
        { document: room('Same', 3, 'room-b'), reason: 'conflict' },
      ],
      written: [room('Taken', 7, 'room-c'), room('Kept', 4, 'room-d')],
    });
    expect(back.map((doc) => `${doc.id} ${doc.name}`)).toEqual([
      'room-a Theirs',
      'room-b Same',
      'room-c Taken',
    ]);
    const issues = await firstValueFrom(syncIssues$(database));
    expect(issues.map((issue) => [issue.docId, issue.reason, issue.fields])).toEqual([
      ['room-a', 'field_conflict', ['name']],
    ]);
  });
});
