import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncCheckpoint } from '../../domain/sync';
import { call, waitForWatermark } from '../testing/calls';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../testing/test-app';

let t: TestApp;
let admin: TestSession;
let teacher: TestSession;
let student: TestSession;

beforeAll(async () => {
  // A demo school at scale 1: scopes of a few hundred rows each, so pulls take several pages.
  t = await buildTestApp({ demoScale: 1 });
  admin = await signIn(t.app, 'admin@demo.test');
  teacher = await signIn(t.app, 'teacher@demo.test');
  student = await signIn(t.app, 'student@demo.test');
  await waitForWatermark(t.app.appDeps.db);
});

afterAll(async () => {
  await t.close();
});

type Page = { documents: { id: string }[]; checkpoint: SyncCheckpoint | null; remaining?: number };

async function pullPage(
  session: TestSession,
  collection: string,
  checkpoint: SyncCheckpoint | null,
  limit: number,
  count: boolean,
): Promise<Page> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
  if (count) query.set('count', '1');
  const response = await call(t.app, session, 'GET', `/api/sync/${collection}/pull?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every page of a collection's pull from the start, each asked to count. */
async function countedPages(session: TestSession, collection: string, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let checkpoint: SyncCheckpoint | null = null;
  for (;;) {
    const page = await pullPage(session, collection, checkpoint, limit, true);
    pages.push(page);
    checkpoint = page.checkpoint;
    if (page.documents.length < limit) return pages;
  }
}

describe('a pull that asks to count (count=1)', () => {
  it.each([
    ['a teacher', 'attendance', () => teacher, 40],
    ['an admin', 'attendance', () => admin, 400],
    ['a student', 'achievements', () => student, 3],
    ['a teacher', 'subjects', () => teacher, 40],
    ['an admin', 'schedules', () => admin, 200],
  ])(
    'tells %s how many rows of their %s follow each page, down to 0 on the last',
    async (_who, collection, session, limit) => {
      const pages = await countedPages(session(), collection, limit);
      const total = pages.reduce((sum, page) => sum + page.documents.length, 0);
      expect(pages.length).toBeGreaterThan(2);
      let pulled = 0;
      for (const page of pages) {
        pulled += page.documents.length;
        expect(page.remaining).toBe(total - pulled);
      }
      expect(pages.at(-1)?.remaining).toBe(0);
    },
  );

  it('counts only the caller’s own scope: a teacher’s attendance is a part of the school’s', async () => {
    const [teacherFirst] = await countedPages(teacher, 'attendance', 1000);
    const [adminFirst] = await countedPages(admin, 'attendance', 1000);
    if (!teacherFirst || !adminFirst) throw new Error('no page');
    const teacherTotal = teacherFirst.documents.length + (teacherFirst.remaining ?? -1);
    const adminTotal = adminFirst.documents.length + (adminFirst.remaining ?? -1);
    expect(teacherTotal).toBeGreaterThan(0);
    expect(teacherTotal).toBeLessThan(adminTotal);
  });

  it('counts from the checkpoint a resumed pull sends', async () => {
    const [first] = await countedPages(teacher, 'attendance', 25);
    if (!first?.checkpoint || first.remaining === undefined) throw new Error('no counted page');
    const next = await pullPage(teacher, 'attendance', first.checkpoint, 10, true);
    expect(next.remaining).toBe(first.remaining - next.documents.length);
  });

  it('answers no count to a pull that does not ask, and refuses any other value of the flag', async () => {
    const page = await pullPage(teacher, 'master', null, 5, false);
    expect(page.documents).toHaveLength(5);
    expect(page).not.toHaveProperty('remaining');
    for (const value of ['0', 'true', '2']) {
      const refused = await call(t.app, teacher, 'GET', `/api/sync/master/pull?limit=5&count=${value}`);
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['count']);
    }
  });
});
