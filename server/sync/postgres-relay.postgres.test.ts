import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/calls';
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
  instanceA = await buildTestApp({ database: shared.config });
  instanceB = await buildTestApp({ database: shared.config });
});

afterAll(async () => {
  await instanceA.close();
  await instanceB.close();
  await shared.drop();
});

describe('two server instances on one PostgreSQL', () => {
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
});
