import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/calls';
import { openSocket } from '../testing/sockets';
import {
  buildTestApp,
  signIn,
  signInPasswordOnly,
  type TestApp,
  type TestSession,
} from '../testing/test-app';

let t: TestApp;
let admin: TestSession;
let teacher: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  teacher = await signIn(t.app, 'teacher@demo.test');
});

afterAll(async () => {
  await t.close();
});

describe('/ws', () => {
  it('greets a signed-in socket and tells it when master data changed', async () => {
    const client = await openSocket(t.app, teacher);
    await client.until(() => client.messages.length >= 1);
    expect(client.messages[0]).toEqual({ type: 'hello', build: 'dev' });

    const created = await call(t.app, admin, 'POST', '/api/master-setting/universities', {
      name: 'Socket U',
    });
    expect(created.statusCode).toBe(201);
    await client.until(() => client.messages.length >= 2);
    expect(client.messages[1]).toEqual({ type: 'changed', collections: ['master'] });
    client.socket.terminate();
  });

  // Issue #23, 5: refused before the upgrade, so no socket is ever opened for them.
  it('refuses an upgrade without a session with 401', async () => {
    await expect(openSocket(t.app, undefined)).rejects.toThrow(/401/);
  });

  it('refuses a session that has not entered its two-step code', async () => {
    const halfway = await signInPasswordOnly(t.app, 'observer@demo.test');
    await expect(openSocket(t.app, halfway)).rejects.toThrow(/401/);
  });

  it("refuses a signed-in browser on another site's page (cross-site socket hijacking) with 403", async () => {
    await expect(openSocket(t.app, teacher, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    await expect(openSocket(t.app, teacher, { origin: '' })).rejects.toThrow(/403/);
  });
});
