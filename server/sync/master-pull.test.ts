import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createMasterRow, pull, pullAll } from '../testing/calls';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../testing/test-app';

let t: TestApp;
let admin: TestSession;
let student: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  student = await signIn(t.app, 'student@demo.test');
});

afterAll(async () => {
  await t.close();
});

function byCheckpointOrder(
  a: { updatedAt: number; id: string },
  b: { updatedAt: number; id: string },
): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt - b.updatedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describe('master pull', () => {
  it('pages through everything in (updatedAt, id) order, whatever the page size', async () => {
    const whole = await pullAll(t.app, student, null, 1000);
    const paged = await pullAll(t.app, student, null, 3);
    expect(paged.documents).toEqual(whole.documents);
    expect(paged.checkpoint).toEqual(whole.checkpoint);
    expect(whole.documents).toEqual([...whole.documents].sort(byCheckpointOrder));
    expect(new Set(whole.documents.map((doc) => doc.id)).size).toBe(whole.documents.length);
  });

  it('carries new rows and deletions across pages from a checkpoint, each row once in its latest state', async () => {
    const start = await pullAll(t.app, student, null, 1000);
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Pull U' });
    const ids: string[] = [];
    for (const name of ['C1', 'C2', 'C3', 'C4']) {
      ids.push(await createMasterRow(t.app, admin, 'classes', { name, university_id: universityId }));
    }
    const [, deletedId] = ids;
    await call(t.app, admin, 'DELETE', `/api/master-setting/classes/${deletedId}`);

    const changes = await pullAll(t.app, student, start.checkpoint, 2);
    expect(changes.pages).toBe(3);
    expect(changes.documents.map((doc) => doc.name)).toEqual(['Pull U', 'C1', 'C3', 'C4', 'C2']);
    expect(changes.documents.at(-1)).toMatchObject({ id: deletedId, kind: 'classNames', _deleted: true });
    expect(changes.documents.filter((doc) => doc.id !== deletedId).every((doc) => !doc._deleted)).toBe(true);

    const nothingNew = await pull(t.app, student, changes.checkpoint, 2);
    expect(nothingNew).toEqual({ documents: [], checkpoint: changes.checkpoint });
  });

  it('keeps the incoming checkpoint when nothing follows it', async () => {
    const page = await pull(t.app, student, { updatedAt: Number.MAX_SAFE_INTEGER, id: 'z' }, 5);
    expect(page).toEqual({ documents: [], checkpoint: { updatedAt: Number.MAX_SAFE_INTEGER, id: 'z' } });
  });

  it('refuses a bad checkpoint, a bad limit and a caller without a session', async () => {
    const badCheckpoint = await call(t.app, student, 'GET', '/api/sync/master/pull?checkpoint=%7Bnope');
    expect(badCheckpoint.statusCode).toBe(422);
    expect(badCheckpoint.json().errors).toEqual({ checkpoint: ['invalid'] });
    const badLimit = await call(t.app, student, 'GET', '/api/sync/master/pull?limit=5000');
    expect(badLimit.statusCode).toBe(422);
    expect(Object.keys(badLimit.json().errors)).toEqual(['limit']);
    const anonymous = await call(t.app, undefined, 'GET', '/api/sync/master/pull');
    expect(anonymous.statusCode).toBe(401);
  });
});
