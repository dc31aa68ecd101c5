import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_SESSION_ENDED } from '../../../domain/sync';
import { universities } from '../../db/schema';
import { call } from '../../testing/calls';
import { openSocket } from '../../testing/sockets';
import {
  anonymous,
  buildTestApp,
  signIn,
  type TestApp,
  type TestSession,
  waitForMail,
} from '../../testing/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: TestSession;
let superAdmin: TestSession;
let universityId: string;
let accounts = 0;

beforeAll(async () => {
  // The periodic check is an hour apart here: every closing below comes from the ending's own notice.
  t = await buildTestApp({ socketSessionCheckMs: 60 * 60 * 1000 });
  const [university] = await t.db.select({ id: universities.id }).from(universities).limit(1);
  if (!university) throw new Error('the demo seed has no university');
  universityId = university.id;
});

// The lifetime tests move the clock by weeks: each test signs its administrators in afresh.
beforeEach(async () => {
  admin = await signIn(t.app, 'admin@demo.test');
  superAdmin = await signIn(t.app, 'super@demo.test');
});

afterAll(async () => {
  await t.close();
});

/** A new teacher account of this test alone, signed in: its email, id, password and session. */
async function newTeacher() {
  accounts += 1;
  const email = `ending-${accounts}@sessions.test`;
  const password = `ending-pass-${accounts}`;
  const invited = await call(t.app, admin, 'POST', '/api/users/invite', {
    name: `終了 ${accounts}`,
    email,
    university_ids: [universityId],
  });
  if (invited.statusCode !== 201 && invited.statusCode !== 200)
    throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const id: string = invited.json().id;
  const token = await waitForMail(t.app, email, /reset-password\/(\S+)/);
  await call(t.app, await anonymous(t.app), 'POST', '/api/password/reset', {
    token,
    password,
    password_confirmation: password,
  });
  const session = await signIn(t.app, email, password);
  return { email, id, password, session };
}

/** Opens a socket for a session and waits for its greeting, so it is registered before the test acts. */
async function greetedSocket(session: TestSession) {
  const client = await openSocket(t.app, session);
  await client.until(() => client.messages.some((message) => message.type === 'hello'));
  return client;
}

describe('a /ws socket is closed by the server when its session ends', () => {
  it('on sign-out of its session, leaving the user’s other device connected', async () => {
    const teacher = await newTeacher();
    const phone = await signIn(t.app, teacher.email, teacher.password);
    const socket = await greetedSocket(teacher.session);
    const phoneSocket = await greetedSocket(phone);

    expect((await call(t.app, teacher.session, 'POST', '/api/logout')).statusCode).toBe(200);
    await socket.until(() => socket.closeCode() !== undefined);
    expect(socket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);

    // The other device's socket still hears changes.
    await call(t.app, admin, 'POST', '/api/master-setting/universities', { name: 'Still open U' });
    await phoneSocket.until(() => phoneSocket.messages.some((message) => message.type === 'changed'));
    expect(phoneSocket.closeCode()).toBeUndefined();
    phoneSocket.socket.terminate();
  });

  it('on a password change, for every other session of the account but not the one that changed it', async () => {
    const teacher = await newTeacher();
    const other = await signIn(t.app, teacher.email, teacher.password);
    const otherSocket = await greetedSocket(other);
    const ownSocket = await greetedSocket(teacher.session);

    const changed = await call(t.app, teacher.session, 'POST', '/api/users/change-password', {
      current_password: teacher.password,
      password: 'a-new-pass-2026',
      password_confirmation: 'a-new-pass-2026',
    });
    expect(changed.statusCode).toBe(200);
    await otherSocket.until(() => otherSocket.closeCode() !== undefined);
    expect(otherSocket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
    expect(ownSocket.closeCode()).toBeUndefined();
    ownSocket.socket.terminate();
  });

  it('when the account is blocked', async () => {
    const teacher = await newTeacher();
    expect((await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id: teacher.id })).statusCode).toBe(
      200,
    );
    const promoted = await signIn(t.app, teacher.email, teacher.password);
    const socket = await greetedSocket(promoted);

    const blocked = await call(t.app, superAdmin, 'POST', `/api/users/block-login-admin/${teacher.id}`, {
      blocked: true,
    });
    expect(blocked.statusCode).toBe(200);
    await socket.until(() => socket.closeCode() !== undefined);
    expect(socket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });

  it('when the account is removed', async () => {
    const teacher = await newTeacher();
    const socket = await greetedSocket(teacher.session);

    expect((await call(t.app, admin, 'DELETE', `/api/teachers/${teacher.id}`)).statusCode).toBe(200);
    await socket.until(() => socket.closeCode() !== undefined);
    expect(socket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });

  it('when the account’s role changes', async () => {
    const teacher = await newTeacher();
    const socket = await greetedSocket(teacher.session);

    expect((await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id: teacher.id })).statusCode).toBe(
      200,
    );
    await socket.until(() => socket.closeCode() !== undefined);
    expect(socket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });

  it('when the user revokes that session from another device', async () => {
    const teacher = await newTeacher();
    const laptop = await signIn(t.app, teacher.email, teacher.password);
    const laptopSocket = await greetedSocket(laptop);
    const list = await call(t.app, teacher.session, 'GET', '/api/sessions');
    const laptopEntry = list.json().data.find((entry: { current: boolean; id: string }) => !entry.current);
    expect(laptopEntry).toBeDefined();

    const revoked = await call(t.app, teacher.session, 'DELETE', `/api/sessions/${laptopEntry.id}`);
    expect(revoked.statusCode).toBe(200);
    await laptopSocket.until(() => laptopSocket.closeCode() !== undefined);
    expect(laptopSocket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });

  it('when the session reaches its absolute lifetime, however busy it was', async () => {
    // Expiry is announced by nobody: the periodic check finds it (every 50 ms in this app).
    const short = await buildTestApp({ sessionLifetimeMs: 2 * DAY_MS, socketSessionCheckMs: 50 });
    try {
      const session = await signIn(short.app, 'teacher@demo.test');
      short.clock.advance(DAY_MS);
      expect((await call(short.app, session, 'GET', '/api/me')).statusCode).toBe(200);
      const socket = await openSocket(short.app, session);
      await socket.until(() => socket.messages.some((message) => message.type === 'hello'));
      short.clock.advance(DAY_MS);
      await socket.until(() => socket.closeCode() !== undefined);
      expect(socket.closeCode()).toBe(SOCKET_CLOSE_SESSION_ENDED);
      expect((await call(short.app, session, 'GET', '/api/me')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('session lifetime', () => {
  it('ends a session 30 days after its sign-in even when it was used every day; a new sign-in starts anew', async () => {
    const teacher = await newTeacher();
    for (let day = 0; day < 29; day += 1) {
      t.clock.advance(DAY_MS);
      expect((await call(t.app, teacher.session, 'GET', '/api/me')).statusCode).toBe(200);
    }
    t.clock.advance(DAY_MS - 1000);
    expect((await call(t.app, teacher.session, 'GET', '/api/me')).statusCode).toBe(200);
    t.clock.advance(1000);
    const ended = await call(t.app, teacher.session, 'GET', '/api/me');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('unauthenticated');
    // Gone from the user's list of devices too.
    const again = await signIn(t.app, teacher.email, teacher.password);
    const list = await call(t.app, again, 'GET', '/api/sessions');
    expect(list.json().data).toHaveLength(1);
  });

  it('keeps the idle limit beside the lifetime', async () => {
    const long = await buildTestApp({ sessionLifetimeMs: 90 * DAY_MS });
    try {
      const observer = await signIn(long.app, 'observer@demo.test');
      const student = await signIn(long.app, 'student@demo.test');
      long.clock.advance(20 * DAY_MS);
      expect((await call(long.app, student, 'GET', '/api/me')).statusCode).toBe(200);
      long.clock.advance(11 * DAY_MS);
      // 31 days without a request ends the observer's session; the student's, used on day 20, lives on.
      expect((await call(long.app, observer, 'GET', '/api/me')).statusCode).toBe(401);
      expect((await call(long.app, student, 'GET', '/api/me')).statusCode).toBe(200);
    } finally {
      await long.close();
    }
  });
});

describe('an account closed while a device was signed in', () => {
  it('is told apart from an ended session (account_closed), and unblocking does not revive the session', async () => {
    const teacher = await newTeacher();
    await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id: teacher.id });
    const promoted = await signIn(t.app, teacher.email, teacher.password);
    await call(t.app, superAdmin, 'POST', `/api/users/block-login-admin/${teacher.id}`, { blocked: true });

    const refused = await call(t.app, promoted, 'GET', '/api/sync/people/pull?limit=10');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('account_closed');

    await call(t.app, superAdmin, 'POST', `/api/users/block-login-admin/${teacher.id}`, { blocked: false });
    const after = await call(t.app, promoted, 'GET', '/api/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });

  it('answers account_closed to a removed teacher’s device', async () => {
    const teacher = await newTeacher();
    await call(t.app, admin, 'DELETE', `/api/teachers/${teacher.id}`);
    const refused = await call(t.app, teacher.session, 'GET', '/api/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('account_closed');
  });
});

describe('Cache-Control: no-store', () => {
  it('is on every /api answer made with a session: data, refusals and errors alike', async () => {
    const teacher = await newTeacher();
    const answers = [
      await call(t.app, teacher.session, 'GET', '/api/me'),
      await call(t.app, teacher.session, 'GET', '/api/sessions'),
      await call(t.app, teacher.session, 'GET', '/api/sync/people/pull?limit=10'),
      await call(t.app, teacher.session, 'GET', '/api/users/search?limit=10'),
      await call(t.app, teacher.session, 'GET', '/api/no-such-call'),
      await call(t.app, teacher.session, 'POST', '/api/users/update-language', { locale: 'xx' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 403, 404, 422]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');

    await call(t.app, teacher.session, 'POST', '/api/logout');
    const ended = await call(t.app, teacher.session, 'GET', '/api/me');
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['cache-control']).toBe('no-store');
  });
});
