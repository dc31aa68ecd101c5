import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MasterDoc } from '../../domain/sync-docs';
import { call, pull, pullAll, push } from '../testing/calls';
import { openSocket } from '../testing/sockets';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../testing/test-app';

let t: TestApp;
let admin: TestSession;
let teacher: TestSession;
let student: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  teacher = await signIn(t.app, 'teacher@demo.test');
  student = await signIn(t.app, 'student@demo.test');
});

afterAll(async () => {
  await t.close();
});

function university(name: string, overrides: Partial<MasterDoc> = {}): MasterDoc {
  return {
    id: randomUUID(),
    kind: 'universities',
    name,
    universityId: null,
    facultyId: null,
    subjectNameId: null,
    color: null,
    startDate: null,
    endDate: null,
    updatedAt: 0,
    _deleted: false,
    ...overrides,
  };
}

async function serverDoc(id: string): Promise<MasterDoc | undefined> {
  const all = await pullAll(t.app, student, null, 1000);
  return all.documents.find((doc) => doc.id === id);
}

describe('sync push', () => {
  it('stores a new row under the client id, and a replay of it changes nothing', async () => {
    const doc = university('Offline U');
    const first = await push(t.app, admin, 'master', [{ newDocumentState: doc, assumedMasterState: null }], {
      offline: true,
    });
    expect(first.conflicts).toEqual([]);
    const stored = await serverDoc(doc.id);
    expect(stored).toMatchObject({ name: 'Offline U', _deleted: false });

    // The answer was lost and the client sends the same row again: nothing is applied twice.
    const replay = await push(t.app, admin, 'master', [{ newDocumentState: doc, assumedMasterState: null }], {
      offline: true,
    });
    expect(replay.conflicts).toEqual([]);
    expect(await serverDoc(doc.id)).toEqual(stored);
  });

  it('takes an update based on the current row and answers a stale one with the server state', async () => {
    const doc = university('Base U');
    await push(t.app, admin, 'master', [{ newDocumentState: doc, assumedMasterState: null }]);
    const base = await serverDoc(doc.id);
    if (!base) throw new Error('row missing');

    const renamed = { ...base, name: 'Renamed U' };
    expect(
      (await push(t.app, admin, 'master', [{ newDocumentState: renamed, assumedMasterState: base }]))
        .conflicts,
    ).toEqual([]);
    const current = await serverDoc(doc.id);
    expect(current?.name).toBe('Renamed U');

    const stale = await push(t.app, admin, 'master', [
      { newDocumentState: { ...base, name: 'Stale U' }, assumedMasterState: base },
    ]);
    expect(stale.conflicts).toEqual([{ document: current, reason: 'conflict' }]);
    expect((await serverDoc(doc.id))?.name).toBe('Renamed U');
  });

  it('refuses rows a role may not write in-band, and a bad row does not block the good ones', async () => {
    const foreign = university('Teacher U');
    const refused = await push(t.app, teacher, 'master', [
      { newDocumentState: foreign, assumedMasterState: null },
    ]);
    expect(refused.conflicts).toEqual([
      { document: { ...foreign, updatedAt: 0, _deleted: true }, reason: 'forbidden' },
    ]);
    expect(await serverDoc(foreign.id)).toBeUndefined();

    // A year code needs a colour: the database refuses it, the row beside it still lands.
    const badYearCode = university('Y1', { kind: 'yearCodes' });
    const good = university('Good U');
    const mixed = await push(t.app, admin, 'master', [
      { newDocumentState: badYearCode, assumedMasterState: null },
      { newDocumentState: good, assumedMasterState: null },
      { newDocumentState: university('   '), assumedMasterState: null },
    ]);
    expect(mixed.conflicts.map((conflict) => conflict.reason)).toEqual(['invalid', 'invalid']);
    expect(await serverDoc(badYearCode.id)).toBeUndefined();
    expect(await serverDoc(good.id)).toMatchObject({ name: 'Good U' });
  });

  it('refuses a push of another kind over an existing id and a push without the push role', async () => {
    const doc = university('Kind U');
    await push(t.app, admin, 'master', [{ newDocumentState: doc, assumedMasterState: null }]);
    const base = await serverDoc(doc.id);
    if (!base) throw new Error('row missing');
    const asRoom = await push(t.app, admin, 'master', [
      { newDocumentState: { ...base, kind: 'rooms', universityId: doc.id }, assumedMasterState: base },
    ]);
    expect(asRoom.conflicts).toEqual([{ document: base, reason: 'invalid' }]);

    const observer = await signIn(t.app, 'observer@demo.test');
    const readOnly = await call(t.app, observer, 'POST', '/api/sync/master/push', { rows: [] });
    expect(readOnly.statusCode).toBe(403);
  });

  it('tells every socket after the commit, and the pull then carries the row', async () => {
    const socket = await openSocket(t.app, student);
    await socket.until(() => socket.messages.length >= 1);
    const start = await pull(t.app, student, null, 1000);
    const doc = university('Live U');
    await push(t.app, admin, 'master', [{ newDocumentState: doc, assumedMasterState: null }]);
    await socket.until(() => socket.messages.length >= 2);
    expect(socket.messages[1]).toEqual({ type: 'changed', collections: ['master'] });
    const page = await pullAll(t.app, student, start.checkpoint, 1000);
    expect(page.documents.map((row) => row.id)).toContain(doc.id);
    socket.socket.terminate();
  });

  it('soft-deletes a row and the deletion reaches a pull', async () => {
    const doc = university('Gone U');
    await push(t.app, admin, 'master', [{ newDocumentState: doc, assumedMasterState: null }]);
    const base = await serverDoc(doc.id);
    if (!base) throw new Error('row missing');
    await push(t.app, admin, 'master', [
      { newDocumentState: { ...base, _deleted: true }, assumedMasterState: base },
    ]);
    expect(await serverDoc(doc.id)).toMatchObject({ _deleted: true });
  });
});

describe('Idempotency-Key on REST commands', () => {
  const create = (key: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/master-setting/universities',
      headers: { ...admin.headers(), 'idempotency-key': key },
      payload: { name },
    });

  it('answers a replay with the stored answer and creates the row once', async () => {
    const key = randomUUID();
    const first = await create(key, 'Idem U');
    expect(first.statusCode).toBe(201);
    const replay = await create(key, 'Idem U');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replay']).toBe('true');
    const search = await call(t.app, admin, 'GET', '/api/master-setting/universities/search?param=Idem%20U');
    expect(search.json().data).toHaveLength(1);
  });

  it('refuses the same key with another body, and keeps keys apart per user', async () => {
    const key = randomUUID();
    expect((await create(key, 'Key U')).statusCode).toBe(201);
    const other = await create(key, 'Other U');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });

    const teacherCall = await t.app.inject({
      method: 'POST',
      url: '/api/master-setting/universities',
      headers: { ...teacher.headers(), 'idempotency-key': key },
      payload: { name: 'Key U' },
    });
    expect(teacherCall.statusCode).toBe(403);
  });

  it('refuses an over-long key', async () => {
    const response = await create('k'.repeat(200), 'Long U');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'idempotency-key': ['invalid'] });
  });
});

describe('client build', () => {
  it('answers 426 to a sync call from a build other than the one served, and serves the same build', async () => {
    const { writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    await writeFile(path.join(t.config.staticDir, 'build.json'), JSON.stringify({ build: 'b2' }));
    try {
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/sync/master/pull',
        headers: { ...student.headers(), 'x-client-build': 'b1' },
      });
      expect(old.statusCode).toBe(426);
      expect(old.json()).toMatchObject({ code: 'client_outdated' });
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/sync/master/pull',
        headers: { ...student.headers(), 'x-client-build': 'b2' },
      });
      expect(current.statusCode).toBe(200);
    } finally {
      const { rm } = await import('node:fs/promises');
      await rm(path.join(t.config.staticDir, 'build.json'));
    }
  });
});
