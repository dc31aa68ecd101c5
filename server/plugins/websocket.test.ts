import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/calls';
import { openSocket } from '../testing/sockets';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../testing/test-app';
import { WS_CLOSE_UNAUTHENTICATED } from './websocket';

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

  it('closes a socket without a session with 4401', async () => {
    const client = await openSocket(t.app, undefined);
    await client.until(() => client.closeCode() !== undefined);
    expect(client.closeCode()).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect(client.messages).toEqual([]);
  });
});
