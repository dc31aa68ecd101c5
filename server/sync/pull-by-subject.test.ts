import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_DEMAND_COLLECTIONS, ON_DEMAND_LIMITS, type SyncCheckpoint } from '../../domain/sync';
import { syncCollections } from '../modules/collections';
import { call, waitForWatermark } from '../testing/calls';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../testing/test-app';

let t: TestApp;
let admin: TestSession;
let teacher: TestSession;

beforeAll(async () => {
  t = await buildTestApp({ demoScale: 1 });
  admin = await signIn(t.app, 'admin@demo.test');
  teacher = await signIn(t.app, 'teacher@demo.test');
  await waitForWatermark(t.app.appDeps.db);
});

afterAll(async () => {
  await t.close();
});

type Doc = { id: string; subjectId: string };

/** Every page of a pull from the start, `subjects` as given (absent: the whole scope). */
async function pullEvery(session: TestSession, collection: string, subjects?: readonly string[]) {
  const documents: Doc[] = [];
  let checkpoint: SyncCheckpoint | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: '300' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    if (subjects) query.set('subjects', subjects.join(','));
    const response = await call(t.app, session, 'GET', `/api/sync/${collection}/pull?${query}`);
    expect(response.statusCode).toBe(200);
    const page: { documents: Doc[]; checkpoint: SyncCheckpoint | null } = response.json();
    documents.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < 300) return { ids: documents.map((doc) => doc.id).sort(), documents };
  }
}

describe('a pull narrowed to subjects (`subjects`)', () => {
  it('is possible in every on-demand collection: each declares the column of its rows’ subject', () => {
    for (const name of ON_DEMAND_COLLECTIONS) {
      expect(syncCollections[name].use((def) => def.subjectColumn)).toEqual(expect.any(String));
    }
  });

  it.each(ON_DEMAND_COLLECTIONS)(
    'brings an admin exactly the %s rows of the subjects named, page by page',
    async (collection) => {
      const whole = await pullEvery(admin, collection);
      const subjects = [...new Set(whole.documents.map((doc) => doc.subjectId))].sort();
      expect(subjects.length).toBeGreaterThan(2);
      const named = subjects.slice(0, 2);
      const narrowed = await pullEvery(admin, collection, named);
      const expected = whole.documents.filter((doc) => named.includes(doc.subjectId)).map((doc) => doc.id);
      expect(narrowed.ids).toEqual(expected.sort());
      expect(narrowed.ids.length).toBeGreaterThan(0);
      expect(narrowed.ids.length).toBeLessThan(whole.ids.length);
    },
  );

  it('brings no row when it names no subject, with a checkpoint to go on from', async () => {
    const response = await call(t.app, admin, 'GET', '/api/sync/attendance/pull?limit=10&subjects=');
    expect(response.statusCode).toBe(200);
    expect(response.json().documents).toEqual([]);
  });

  it('only ever narrows: a teacher naming a subject they do not teach gets none of its rows', async () => {
    const mine = await pullEvery(teacher, 'attendance');
    const taught = [...new Set(mine.documents.map((doc) => doc.subjectId))];
    const school = await pullEvery(admin, 'attendance');
    const other = school.documents.find((doc) => !taught.includes(doc.subjectId))?.subjectId;
    if (!other || !taught[0]) throw new Error('the demo school lacks a subject the teacher does not teach');
    expect((await pullEvery(teacher, 'attendance', [other])).ids).toEqual([]);
    const own = await pullEvery(teacher, 'attendance', [taught[0]]);
    expect(own.ids).toEqual(
      mine.documents
        .filter((doc) => doc.subjectId === taught[0])
        .map((doc) => doc.id)
        .sort(),
    );
  });

  it('is refused with a field error on a collection pulled whole, and for ids that are not a list of subjects', async () => {
    const subject = '00000000-0000-4000-8000-000000000001';
    const tooMany = Array.from(
      { length: ON_DEMAND_LIMITS.subjects + 1 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    for (const [collection, subjects] of [
      ['people', subject],
      ['subjects', subject],
      ['attendance', 'not-an-id'],
      ['attendance', `${subject},${subject}`],
      ['achievements', tooMany.join(',')],
    ] as const) {
      const response = await call(
        t.app,
        admin,
        'GET',
        `/api/sync/${collection}/pull?limit=5&subjects=${subjects}`,
      );
      expect({ collection, subjects, status: response.statusCode }).toEqual({
        collection,
        subjects,
        status: 422,
      });
      // A bad id is named by its place in the list (`subjects.0`), the list's own faults by its name.
      for (const field of Object.keys(response.json().errors)) expect(field).toMatch(/^subjects(\.\d+)?$/);
    }
  });
});
