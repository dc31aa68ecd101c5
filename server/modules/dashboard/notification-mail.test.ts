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
    // Japanese, the default, for an account that never chose a language: that language only.
    const mail = t.mails.filter((sent) => sent.to === 'teacher2@demo.test').at(-1);
    expect(mail?.subject).toBe('お知らせ');
    expect(mail?.text).toBe(
      'アカウント情報が変更されました。心当たりがない場合は管理者に連絡してください。\nhttp://school.test/admin/profile',
    );
    expect(await notificationsOf('teacher2@demo.test', 'notification_account_changed')).toHaveLength(1);
  });

  it('mails in the language the recipient chose in the app', async () => {
    const session = await signIn(t.app, 'teacher2@demo.test');
    const chosen = await call(t.app, session, 'POST', '/api/users/update-language', { locale: 'vi' });
    expect(chosen.statusCode).toBe(200);
    const before = mailCount(t.app);
    await updateProfile(session, 'Giáo viên hai', 'teacher2@demo.test');
    await waitForMail(t.app, 'teacher2@demo.test', /(Tài khoản của bạn đã được thay đổi)/, { after: before });
    const mail = t.mails.filter((sent) => sent.to === 'teacher2@demo.test').at(-1);
    expect(mail?.subject).toBe('Thông báo');
    expect(mail?.text).not.toMatch(/[\p{Script=Hiragana}\p{Script=Han}]|Your account/u);

    const refused = await call(t.app, session, 'POST', '/api/users/update-language', { locale: 'fr' });
    expect(refused.statusCode).toBe(422);
    const [row] = await t.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, 'teacher2@demo.test'));
    expect(row?.locale).toBe('vi');
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
    await waitForMail(t.app, 'teacher3@demo.test', /(アカウント情報が変更されました)/, { after: before });
    expect(await notificationsOf('teacher3@demo.test', 'notification_account_changed')).toHaveLength(1);
  });

  it('a password change is an account change too', async () => {
    const session = await signIn(t.app, 'observer@demo.test');
    expect(
      (await call(t.app, session, 'POST', '/api/users/update-language', { locale: 'en' })).statusCode,
    ).toBe(200);
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
