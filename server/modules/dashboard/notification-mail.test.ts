import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { call } from '../../testing/calls';
import {
  buildTestApp,
  mailCount,
  signIn,
  type TestApp,
  type TestSession,
  waitForMail,
} from '../../testing/test-app';
import { sendNotifications } from './notifications';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function userId(email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function notificationsOf(email: string, message: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, await userId(email)), eq(notifications.message, message)));
}

async function setSwitches(session: TestSession, web: boolean, mail: boolean): Promise<void> {
  const response = await call(t.app, session, 'POST', '/api/users/update-notification', { web, mail });
  expect(response.statusCode).toBe(200);
}

async function updateProfile(session: TestSession, name: string, email: string): Promise<void> {
  const response = await call(t.app, session, 'POST', '/api/users/update-profile', {
    name,
    name_kana: null,
    phone: null,
    email,
  });
  expect(response.statusCode).toBe(200);
}

/** Lets the outbox send whatever is due, so "no mail" is checked after a send pass, not before one. */
async function flushMail(): Promise<void> {
  await t.app.appDeps.mailer.flush();
}

describe('notification mail', () => {
  it('mails an account change with a link to the page, beside the web notification, while both switches are on', async () => {
    const session = await signIn(t.app, 'teacher2@demo.test');
    await updateProfile(session, '先生二', 'teacher2@demo.test');
    const link = await waitForMail(t.app, 'teacher2@demo.test', /(http:\/\/school\.test\/admin\/profile)/);
    expect(link).toBe('http://school.test/admin/profile');
    const mail = t.mails.filter((sent) => sent.to === 'teacher2@demo.test').at(-1);
    expect(mail?.text).toContain('アカウント情報が変更されました');
    expect(mail?.text).toContain('Your account was changed');
    expect(await notificationsOf('teacher2@demo.test', 'notification_account_changed')).toHaveLength(1);
  });

  it('sends no mail with the mail switch off, and no web notification with the web switch off', async () => {
    const session = await signIn(t.app, 'teacher3@demo.test');
    await setSwitches(session, true, false);
    await flushMail();
    const before = mailCount(t.app);
    await updateProfile(session, '先生三', 'teacher3@demo.test');
    await flushMail();
    expect(mailCount(t.app)).toBe(before);
    expect(await notificationsOf('teacher3@demo.test', 'notification_account_changed')).toHaveLength(1);

    await setSwitches(session, false, true);
    await updateProfile(session, '先生三改', 'teacher3@demo.test');
    await waitForMail(t.app, 'teacher3@demo.test', /(Your account was changed)/, { after: before });
    expect(await notificationsOf('teacher3@demo.test', 'notification_account_changed')).toHaveLength(1);
  });

  it('a password change is an account change too', async () => {
    const session = await signIn(t.app, 'observer@demo.test');
    const before = mailCount(t.app);
    const response = await call(t.app, session, 'POST', '/api/users/change-password', {
      current_password: 'demo-test-2026',
      password: 'new-pass-2026!',
      password_confirmation: 'new-pass-2026!',
    });
    expect(response.statusCode).toBe(200);
    await waitForMail(t.app, 'observer@demo.test', /(Your account was changed)/, { after: before });
    expect(await notificationsOf('observer@demo.test', 'notification_account_changed')).toHaveLength(1);
  });

  it('does not mail a new card: the dashboard shows it and the web notification tells', async () => {
    const id = await userId('student4@demo.test');
    await flushMail();
    const before = mailCount(t.app);
    const notified = await sendNotifications(
      { ...t.app.appDeps, mail: { mailer: t.app.appDeps.mailer, publicUrl: 'http://school.test' } },
      [{ userId: id, message: 'notification_new_sticky', url: '/' }],
    );
    await flushMail();
    expect(notified).toEqual([id]);
    expect(mailCount(t.app)).toBe(before);
  });
});
