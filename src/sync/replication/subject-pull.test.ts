import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, subjectRow } from '../../db/database-test-helper';
import { heldSubjects } from '../../db/demand-subjects';
import type { SchoolDatabase } from '../../db/open-database';
import type { SubjectDocType } from '../../db/synced-schemas';
import { collectionCore } from './core-test-helper';
import { createSubjectPull } from './subject-pull';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const S1 = '00000000-0000-4000-8000-0000000000a1';

describe('the pull of a collection kept subject by subject', () => {
  it('brings a kept subject’s rows, records it all here once stored, and drops its rows once it is let go of', async () => {
    database = await openTestDatabase('subjects');
    const db = database;
    const row = {
      ...subjectRow({ id: 'sub-1', kind: 'subject', subjectId: S1, updatedAt: 4 }),
      _deleted: false,
    };
    const asked: string[] = [];
    const pull = createSubjectPull<SubjectDocType>({
      core: collectionCore(db, 'subjects', db.subjects),
      fetchPage: async (narrow, from) => {
        asked.push(`${narrow.subjects} from ${from ? from.updatedAt : 'start'}`);
        return { documents: [row], checkpoint: { updatedAt: 4, id: 'sub-1' } };
      },
      store: {
        // RxDB never gets to store the deletions in this test: they are handed over once.
        pageStored: () => new Promise(() => {}),
        pageRowsStored: async () => {},
      },
    });

    expect(await pull.page([S1], 2)).toEqual([row]);
    expect(asked).toEqual([`${S1} from start`]);
    await expect.poll(() => heldSubjects(db, 'subjects')).toEqual({ held: [S1], filled: [S1] });
    await db.subjects.insert(subjectRow({ id: 'sub-1', kind: 'subject', subjectId: S1, updatedAt: 4 }));
    // All here: nothing more to bring before the pull of changes.
    expect(await pull.page([S1], 2)).toBeNull();

    const dropped = await pull.page([], 2);
    expect(dropped?.map((doc) => [doc.id, doc._deleted])).toEqual([['sub-1', true]]);
    expect(await heldSubjects(db, 'subjects')).toEqual({ held: [S1], filled: [] });
    // Handed over and not stored yet: not handed over again.
    expect(await pull.page([], 2)).toBeNull();
    await db.subjects.findOne('sub-1').remove();
    expect(await pull.page([], 2)).toBeNull();
    expect(await heldSubjects(db, 'subjects')).toEqual({ held: [], filled: [] });
  });
});
