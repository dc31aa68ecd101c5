import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call, waitForWatermark } from '../../testing/calls';
import { anonymous, buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } });
  png = await image.clone().png().toBuffer();
  jpeg = await image.clone().jpeg().toBuffer();
});

afterAll(async () => {
  await t.close();
});

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

function upload(session: TestSession, url: string, body: Buffer, type = 'image/png') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers(), 'content-type': type },
    payload: body,
  });
}

describe('profile', () => {
  it('shows and updates name, kana, phone and email with the SPEC §5 checks', async () => {
    const teacher = await signIn(t.app, 'teacher@demo.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/profile', headers: teacher.headers() });
    expect(me.json()).toMatchObject({ email: 'teacher@demo.test', role: 1, avatar: null });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: teacher.headers(),
      payload: { name: '', name_kana: 'カ'.repeat(128), phone: '12-ab', email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['required'],
      name_kana: ['too_long'],
      phone: ['invalid_phone'],
      email: ['invalid_email'],
    });

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: teacher.headers(),
      payload: { name: '田中 一郎', name_kana: '', phone: '', email: 'ADMIN@demo.test' },
    });
    expect(taken.json().errors).toEqual({ email: ['email_taken'] });

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: teacher.headers(),
      payload: {
        name: '<b>田中</b> 一郎',
        name_kana: 'タナカ イチロウ',
        phone: '090-1234-5678',
        email: 'teacher@demo.test',
      },
    });
    expect(saved.statusCode).toBe(200);
    // Stored as text: the markup is shown literally, never interpreted (React escapes it).
    expect(saved.json()).toMatchObject({
      name: '<b>田中</b> 一郎',
      name_kana: 'タナカ イチロウ',
      phone: '090-1234-5678',
    });

    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: teacher.headers(),
      payload: { name: '田中 一郎', name_kana: '', phone: '', email: 'teacher@demo.test' },
    });
    expect(cleared.json()).toMatchObject({ name_kana: null, phone: null });

    const student = await signIn(t.app, 'student@demo.test');
    const wrongPath = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: student.headers(),
      payload: { name: 'x', name_kana: null, phone: null, email: 'student@demo.test' },
    });
    expect(wrongPath.statusCode).toBe(403);
  });
});

/** Every `people` change `session` pulls after `checkpoint`, and the checkpoint to pull from next. */
async function pullPeople(session: TestSession, checkpoint: unknown) {
  await waitForWatermark(t.db);
  const documents: { id: string; name: string; avatar: string | null }[] = [];
  for (let from = checkpoint; ; ) {
    const query = new URLSearchParams({ limit: '500' });
    if (from) query.set('checkpoint', JSON.stringify(from));
    const page = (await call(t.app, session, 'GET', `/api/sync/people/pull?${query}`)).json();
    documents.push(...page.documents);
    from = page.checkpoint;
    if (page.documents.length < 500) return { documents, checkpoint: from };
  }
}

describe('profile in the people collection', () => {
  it('brings a changed name and picture to those who see the user, on their next pull', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const teacher = await signIn(t.app, 'teacher@demo.test');
    const teacherId = (await userRow('teacher@demo.test')).id;
    const { checkpoint } = await pullPeople(admin, null);

    await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: teacher.headers(),
      payload: { name: '佐藤 花子', name_kana: null, phone: null, email: 'teacher@demo.test' },
    });
    const renamed = await pullPeople(admin, checkpoint);
    expect(renamed.documents).toEqual([expect.objectContaining({ id: teacherId, name: '佐藤 花子' })]);

    const uploaded = await upload(teacher, '/api/users/update-avatar', png);
    const pictured = await pullPeople(admin, renamed.checkpoint);
    expect(pictured.documents).toEqual([
      expect.objectContaining({ id: teacherId, avatar: uploaded.json().avatar }),
    ]);
  });
});

describe('avatar', () => {
  it('re-encodes a png or jpeg and serves it from the avatar folder of the user kind', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const response = await upload(admin, '/api/users/update-avatar', png);
    expect(response.statusCode).toBe(200);
    const { avatar } = response.json();
    expect(avatar).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({
      method: 'GET',
      url: `/storage/images/avatar/user/${avatar}`,
      headers: admin.headers(),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(512);

    const student = await signIn(t.app, 'student2@demo.test');
    // A jpeg declared as png is judged by its content.
    const studentAvatar = await upload(student, '/api/students/update-avatar', jpeg, 'image/png');
    expect(studentAvatar.json().avatar).toMatch(/\.jpg$/);
    expect((await userRow('student2@demo.test')).avatar).toBe(studentAvatar.json().avatar);

    const fallback = await t.app.inject({
      method: 'GET',
      url: '/storage/images/avatar/student/default-avatar.svg',
      headers: student.headers(),
    });
    expect(fallback.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the default avatar to anyone, for the offline cache, and an uploaded one only to the signed in', async () => {
    for (const kind of ['student', 'user']) {
      const fallback = await t.app.inject({
        method: 'GET',
        url: `/storage/images/avatar/${kind}/default-avatar.svg`,
      });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.headers['content-type']).toContain('image/svg+xml');
    }
    const teacher = await signIn(t.app, 'teacher3@demo.test');
    const uploaded = (await upload(teacher, '/api/users/update-avatar', png)).json().avatar as string;
    const stranger = await t.app.inject({ method: 'GET', url: `/storage/images/avatar/user/${uploaded}` });
    expect(stranger.statusCode).toBe(401);
    const own = await t.app.inject({
      method: 'GET',
      url: `/storage/images/avatar/user/${uploaded}`,
      headers: teacher.headers(),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a renamed executable, a non-image type, a huge file and path tricks, and changes nothing', async () => {
    const admin = await signIn(t.app, 'observer@demo.test');
    const before = (await userRow('observer@demo.test')).avatar;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(2048, 7)]);
    const renamed = await upload(admin, '/api/users/update-avatar', exe, 'image/png');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ avatar: ['avatar_type'] });

    const gif = await upload(admin, '/api/users/update-avatar', Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-avatar',
      headers: admin.headers(),
      payload: { avatar: '../../etc/passwd' },
    });
    expect(json.statusCode).toBe(422);
    const huge = await upload(
      admin,
      '/api/users/update-avatar',
      Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024)]),
    );
    expect(huge.statusCode).toBe(413);

    for (const file of ['..%2F..%2Fpackage.json', 'x.exe', '%2e%2e']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/storage/images/avatar/user/${file}`,
        headers: admin.headers(),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await userRow('observer@demo.test')).avatar).toBe(before);
    const guest = await anonymous(t.app);
    expect((await upload(guest, '/api/users/update-avatar', png)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the caller own sessions and ends one; another user session is not found', async () => {
    const first = await signIn(t.app, 'teacher2@demo.test');
    const second = await signIn(t.app, 'teacher2@demo.test');
    const list = await t.app.inject({ method: 'GET', url: '/api/sessions', headers: second.headers() });
    const data: Array<{ id: string; current: boolean }> = list.json().data;
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data.filter((entry) => entry.current)).toHaveLength(1);
    const other = data.find((entry) => !entry.current);
    if (!other) throw new Error('no other session');

    const stranger = await signIn(t.app, 'teacher3@demo.test');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${other.id}`,
      headers: stranger.headers(),
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: "/api/sessions/1'%20OR%201=1",
      headers: second.headers(),
    });
    expect(malformed.statusCode).toBe(422);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${other.id}`,
      headers: second.headers(),
    });
    expect(ended.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: first.headers() })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: second.headers() })).statusCode,
    ).toBe(200);
  });
});

describe('notification settings', () => {
  it('starts with both channels on, saves choices and refuses wrong types and extra fields', async () => {
    const student = await signIn(t.app, 'student3@demo.test');
    const initial = await t.app.inject({
      method: 'GET',
      url: '/api/users/notification-by-user',
      headers: student.headers(),
    });
    expect(initial.json()).toEqual({ web: true, mail: true });
    for (const payload of [
      { web: 'false', mail: true },
      { web: true, mail: false, sms: true },
      { web: true },
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/users/update-notification',
        headers: student.headers(),
        payload,
      });
      expect(refused.statusCode).toBe(422);
    }
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-notification',
      headers: student.headers(),
      payload: { web: true, mail: false },
    });
    expect(saved.json()).toEqual({ web: true, mail: false });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users/notification-by-user',
      headers: student.headers(),
    });
    expect(after.json()).toEqual({ web: true, mail: false });
  });
});

describe('choose-email resend', () => {
  it('mails a set-up link to a known address and answers the same for an unknown one', async () => {
    const guest = await anonymous(t.app);
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/edu-account/resend-choose-emails',
        headers: guest.headers(),
        payload: { email },
      });
    const known = await send('student4@demo.test');
    const unknown = await send('nobody-edu@demo.test');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });
});
