import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_SESSION_ENDED } from '../../domain/sync';
import { call, pullAll, push } from '../testing/calls';
import { openSocket } from '../testing/sockets';
import {
  buildTestApp,
  createTestDatabase,
  signIn,
  type TestApp,
  type TestDatabase,
} from '../testing/test-app';

// Runs only against PostgreSQL (TEST_DATABASE_URL; see vitest.config.ts): two instances share one database.
let shared: TestDatabase;
let instanceA: TestApp;
let instanceB: TestApp;

beforeAll(async () => {
  shared = await createTestDatabase();
  // Sockets' sessions are checked only hourly here: a socket closed across instances was told by a notice.
  const config = { database: shared.config, socketSessionCheckMs: 60 * 60 * 1000 };
  instanceA = await buildTestApp(config, { databaseRelay: true });
  instanceB = await buildTestApp(config, { databaseRelay: true });
});

afterAll(async () => {
  await instanceA.close();
  await instanceB.close();
  await shared.drop();
});

describe('two server instances on one PostgreSQL', () => {
  it('closes a socket held by one instance when its session is signed out through the other', async () => {
    const teacher = await signIn(instanceA.app, 'teacher2@demo.test');
    const client = await openSocket(instanceB.app, teacher);
    await client.until(() => client.messages.length >= 1);

    expect((await call(instanceA.app, teacher, 'POST', '/api/logout')).statusCode).toBe(200);
    await client.until(() => client.closeCode() !== undefined);
    expect(client.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });

  it('tells a socket held by one instance about a write committed through the other', async () => {
    const admin = await signIn(instanceA.app, 'admin@demo.test');
    const teacher = await signIn(instanceB.app, 'teacher@demo.test');
    const client = await openSocket(instanceB.app, teacher);
    await client.until(() => client.messages.length >= 1);

    const created = await call(instanceA.app, admin, 'POST', '/api/master-setting/universities', {
      name: 'Relayed University',
    });
    expect(created.statusCode).toBe(201);

    await client.until(() => client.messages.length >= 2);
    expect(client.messages[1]).toEqual({ type: 'changed', collections: ['master'] });
    client.socket.terminate();
  });

  it('a sync push through one instance reaches a socket of the other, and its pull then has the row', async () => {
    const admin = await signIn(instanceA.app, 'admin@demo.test');
    const student = await signIn(instanceB.app, 'student@demo.test');
    const client = await openSocket(instanceB.app, student);
    await client.until(() => client.messages.length >= 1);
    const id = randomUUID();
    await push(instanceA.app, admin, 'master', [
      {
        newDocumentState: {
          id,
          kind: 'universities',
          name: 'Pushed through A',
          universityId: null,
          facultyId: null,
          subjectNameId: null,
          color: null,
          startDate: null,
          endDate: null,
          updatedAt: 0,
          _deleted: false,
        },
        assumedMasterState: null,
      },
    ]);
    await client.until(() => client.messages.length >= 2);
    expect(client.messages[1]).toEqual({ type: 'changed', collections: ['master'] });
    const page = await pullAll(instanceB.app, student, null, 1000);
    expect(page.documents.find((doc) => doc.id === id)).toMatchObject({ name: 'Pushed through A' });
    client.socket.terminate();
  });
});
