import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ON_DEMAND_COLLECTIONS,
  ON_DEMAND_LIMITS,
  SUBJECT_AHEAD_COLLECTIONS,
  type SyncCheckpoint,
} from '../../domain/sync';
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

/** Every collection whose pull may be narrowed to subjects. */
const NARROWED_COLLECTIONS = [...ON_DEMAND_COLLECTIONS, ...SUBJECT_AHEAD_COLLECTIONS];

/**
 * Every page of a pull from the start, narrowed to `subjects` or to the subject of the row `subjectOf` as
 * given (neither: the whole scope).
 */
async function pullEvery(
  session: TestSession,
  collection: string,
  subjects?: readonly string[],
  subjectOf?: string,
) {
  const documents: Doc[] = [];
  let checkpoint: SyncCheckpoint | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: '300' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    if (subjects) query.set('subjects', subjects.join(','));
    if (subjectOf) query.set('subjectOf', subjectOf);
    const response = await call(t.app, session, 'GET', `/api/sync/${collection}/pull?${query}`);
    expect(response.statusCode).toBe(200);
    const page: { documents: Doc[]; checkpoint: SyncCheckpoint | null } = response.json();
    documents.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < 300) return { ids: documents.map((doc) => doc.id).sort(), documents };
  }
}

describe('a pull narrowed to subjects (`subjects`)', () => {
  it('is possible in every on-demand and ahead collection: each declares the column of its rows’ subject', () => {
    for (const name of NARROWED_COLLECTIONS) {
      expect(syncCollections[name].use((def) => def.subjectColumn)).toEqual(expect.any(String));
    }
  });

  it.each(NARROWED_COLLECTIONS)(
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
      ['stickies', subject],
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

describe('a pull narrowed to the subject of one row (`subjectOf`)', () => {
  it.each(NARROWED_COLLECTIONS)(
    'brings an admin exactly the %s rows of the subject that row hangs on',
    async (collection) => {
      const whole = await pullEvery(admin, collection);
      const row = whole.documents[Math.floor(whole.documents.length / 2)];
      if (!row) throw new Error(`the demo school has no ${collection} rows`);
      const narrowed = await pullEvery(admin, collection, undefined, row.id);
      const expected = whole.documents.filter((doc) => doc.subjectId === row.subjectId).map((doc) => doc.id);
      expect(narrowed.ids).toEqual(expected.sort());
      expect(narrowed.ids).toContain(row.id);
      expect(narrowed.ids.length).toBeLessThan(whole.ids.length);
    },
  );

  it('brings none for a row the caller cannot see, or that does not exist', async () => {
    const mine = await pullEvery(teacher, 'subjects');
    const taught = new Set(mine.documents.map((doc) => doc.subjectId));
    const school = await pullEvery(admin, 'subjects');
    const other = school.documents.find((doc) => !taught.has(doc.subjectId));
    if (!other) throw new Error('the demo school lacks a subject the teacher does not teach');
    expect((await pullEvery(teacher, 'subjects', undefined, other.id)).ids).toEqual([]);
    expect((await pullEvery(admin, 'subjects', undefined, 'no-such-row')).ids).toEqual([]);
  });

  it('is refused with a field error on a collection pulled whole, beside `subjects`, and for a bad id', async () => {
    const subject = '00000000-0000-4000-8000-000000000001';
    for (const [collection, query, field] of [
      ['people', `subjectOf=${subject}`, 'subjectOf'],
      ['subjects', `subjectOf=${subject}&subjects=${subject}`, 'subjectOf'],
      ['subjects', `subjectOf=${'x'.repeat(129)}`, 'subjectOf'],
      ['lessons', 'subjectOf=', 'subjectOf'],
    ] as const) {
      const response = await call(t.app, admin, 'GET', `/api/sync/${collection}/pull?limit=5&${query}`);
      expect({ collection, query, status: response.statusCode }).toEqual({ collection, query, status: 422 });
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
});

describe('a pull narrowed to rows by id (`ids`)', () => {
  it('brings exactly the rows named that the caller may see: people by their student ids', async () => {
    type Person = Doc & { studentId: string | null };
    const studentsOf = async (session: TestSession) =>
      ((await pullEvery(session, 'people')).documents as Person[]).filter((doc) => doc.studentId !== null);
    const school = await studentsOf(admin);
    const named = school.slice(3, 9);
    const asked = [...named.map((doc) => doc.studentId), '00000000-0000-4000-8000-000000000009'];
    const response = await call(t.app, admin, 'GET', `/api/sync/people/pull?limit=50&ids=${asked.join(',')}`);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .documents.map((doc: Doc) => doc.id)
        .sort(),
    ).toEqual(named.map((doc) => doc.id).sort());
    // Only ever narrows: a teacher naming students outside their scope gets none of them.
    const mine = new Set((await studentsOf(teacher)).map((doc) => doc.id));
    const others = school.filter((doc) => !mine.has(doc.id)).slice(0, 5);
    expect(others.length).toBe(5);
    const query = `limit=50&ids=${others.map((doc) => doc.studentId).join(',')}`;
    const theirs = await call(t.app, teacher, 'GET', `/api/sync/people/pull?${query}`);
    expect(theirs.json().documents).toEqual([]);
  });

  it('is refused beside a subject narrowing, and for a list that is not ids or too long', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const tooMany = Array.from(
      { length: 101 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    for (const [collection, query, field] of [
      ['subjects', `ids=${id}&subjects=${id}`, 'ids'],
      ['people', 'ids=not-an-id', 'ids.0'],
      ['people', `ids=${tooMany.join(',')}`, 'ids'],
    ] as const) {
      const response = await call(t.app, admin, 'GET', `/api/sync/${collection}/pull?limit=5&${query}`);
      expect({ collection, query, status: response.statusCode }).toEqual({ collection, query, status: 422 });
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
});
