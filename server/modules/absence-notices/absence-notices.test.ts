import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import type { Locale } from '../../../domain/locales';
import { NotificationMessage } from '../../../domain/notifications';
import { Role } from '../../../domain/roles';
import type { AttendanceDoc } from '../../../domain/sync-docs';
import { attendanceId } from '../../../domain/sync-ids';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { guardianLinks, jobs, notifications, pushSubscriptions, schedules, users } from '../../db/schema';
import { pushCollection } from '../../sync/engine';
import { createDurableTestDatabase } from '../../testing/durable-database';
import { type PushServiceStandIn, startPushService } from '../../testing/push-service';
import { createTaughtSchool, markOf, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, createTestClock, type TestApp, type TestDatabase } from '../../testing/test-app';
import { attendanceCollection, readAttendances } from '../attendance/collection';
import { saveSubscription } from '../push/subscriptions';
import { vapidKeysOf } from '../push/vapid';
import { ABSENCE_NOTICE_JOB } from './schedule';

const MINUTE = 60_000;
const WINDOW = 10 * MINUTE;

/** A mail as the test SMTP server took it: its recipient and whole raw text (headers decoded where needed). */
interface ReceivedMail {
  to: string;
  raw: string;
}

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let round = 0; round < 500; round += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`waited 5 s for ${what}`);
}

/** Decodes a MIME body part as nodemailer writes it (quoted-printable or base64, UTF-8). */
function decodedText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const decodedSubject = subject
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return `${decodedSubject}\n${text}`;
}

/** Starts an SMTP server that keeps every mail it takes. */
async function startSmtp(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodedText(Buffer.concat(chunks).toString('utf8'));
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let guardianCount = 0;

/** A guardian account of the fixture's student, in a language. */
async function addGuardian(
  db: Executor,
  fixture: SchoolFixture,
  locale: Locale,
): Promise<{ id: string; email: string }> {
  guardianCount += 1;
  const email = `guardian-${guardianCount}-${locale}@fixture.test`;
  const [row] = await db
    .insert(users)
    .values({ email, name: `保護者${guardianCount}`, role: Role.guardian, passwordHash: 'x', locale, seq: 1 })
    .returning();
  if (!row) throw new Error('no guardian row');
  await db.insert(guardianLinks).values({ guardianId: row.id, studentId: fixture.studentId });
  return { id: row.id, email };
}

/** Another sitting of the fixture's class on the fixture's day, at `start`–`end`. */
async function addSitting(db: Executor, fixture: SchoolFixture, start: string, end: string): Promise<string> {
  const [first] = await db.select().from(schedules).where(eq(schedules.id, fixture.scheduleId));
  if (!first) throw new Error('no fixture schedule');
  const { id: _id, ...rest } = first;
  const [row] = await db
    .insert(schedules)
    .values({ ...rest, startTime: start, endTime: end })
    .returning();
  if (!row) throw new Error('no sitting row');
  return row.id;
}

/** Pushes marks as the demo admin through the attendance collection (the sync push's path), on the server's rows. */
async function mark(t: TestApp, docs: AttendanceDoc[]): Promise<void> {
  const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) throw new Error('no demo admin');
  const current = new Map(
    (
      await readAttendances(
        t.db,
        docs.map((doc) => doc.id),
      )
    ).map((doc) => [doc.id, doc] as const),
  );
  const result = await pushCollection(
    t.app.appDeps,
    attendanceCollection,
    { id: admin.id, role: Role.admin },
    docs.map((doc) => {
      const base = current.get(doc.id) ?? null;
      return { newDocumentState: { ...doc, updatedAt: base?.updatedAt ?? 0 }, assumedMasterState: base };
    }),
    false,
  );
  expect(result.conflicts).toEqual([]);
}

/** The fixture student's mark at a sitting. */
function markAt(fixture: SchoolFixture, scheduleId: string, status: AttendanceStatus): AttendanceDoc {
  return markOf(fixture, { id: attendanceId(fixture.classStudentId, scheduleId), scheduleId, status });
}

async function noticesOf(db: Executor, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('absence notices', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let push: PushServiceStandIn;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    push = await startPushService();
    t = await buildTestApp({ smtpUrl: smtp.url, mailTransport: undefined, pushTrustedCa: push.certificate });
  });

  afterAll(async () => {
    await t.close();
    await push.close();
    await smtp.close();
  });

  afterEach(() => {
    smtp.received.length = 0;
    push.delivered.length = 0;
  });

  /** Moves the clock past the window and runs the jobs due: the notice, then its pushes. */
  async function afterWindow(): Promise<void> {
    t.clock.advance(WINDOW);
    await t.app.appDeps.jobs.runDue();
    await t.app.appDeps.jobs.runDue();
  }

  it('tells a guardian after the window: in-app, by mail and by push, linking the child’s day', async () => {
    const fixture = await createTaughtSchool(t.db);
    const guardian = await addGuardian(t.db, fixture, 'en');
    await saveSubscription(t.db, guardian.id, push.subscribe(), t.clock.now());

    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.unexplainedAbsence)]);
    // Queued, not sent: the window is still open.
    expect(await t.db.select().from(jobs).where(eq(jobs.name, ABSENCE_NOTICE_JOB))).toHaveLength(1);
    await t.app.appDeps.jobs.runDue();
    expect(await noticesOf(t.db, guardian.id)).toEqual([]);

    await afterWindow();
    const [notice, ...more] = await noticesOf(t.db, guardian.id);
    expect(more).toEqual([]);
    expect(notice?.message).toBe(NotificationMessage.absence);
    expect(notice?.url).toBe(`/children/${fixture.studentId}?date=2026-04-10`);
    expect(notice?.params?.day).toBe('2026-04-10');
    expect(notice?.params?.sittings).toEqual([
      expect.objectContaining({ start: '09:00', end: '10:30', status: AttendanceStatus.unexplainedAbsence }),
    ]);

    await until('the notice mail', () => smtp.received.some((mail) => mail.to === guardian.email));
    const mail = smtp.received.find((item) => item.to === guardian.email);
    expect(mail?.raw).toContain('was marked absent or late on');
    expect(mail?.raw).toContain('09:00–10:30 Unexplained absence');
    expect(mail?.raw).toContain(`http://school.test/admin/children/${fixture.studentId}?date=2026-04-10`);

    await until('the push', async () => {
      const rows = await t.db.select().from(jobs);
      if (rows.some((row) => row.lastError))
        throw new Error(JSON.stringify(rows.map((row) => row.lastError)) + push.refused.join());
      return push.delivered.length > 0;
    });
    expect(push.refused).toEqual([]);
    const [delivered] = push.delivered;
    const { publicKey } = await vapidKeysOf(t.db, t.clock.now());
    expect(delivered?.vapidKey).toBe(publicKey);
    expect(delivered?.claims.aud).toBe(push.origin);
    expect(delivered?.message).toEqual(
      expect.objectContaining({
        url: `/admin/children/${fixture.studentId}?date=2026-04-10`,
        title: expect.stringContaining('Attendance notice'),
      }),
    );

    // Run again (a retry after a crash): nothing more is sent.
    await t.app.appDeps.jobs.enqueue(t.db, {
      name: ABSENCE_NOTICE_JOB,
      payload: { studentId: fixture.studentId, day: '2026-04-10' },
    });
    await t.app.appDeps.jobs.runDue();
    expect(await noticesOf(t.db, guardian.id)).toHaveLength(1);
  });

  it('sends nothing when the mark is corrected within the window', async () => {
    const fixture = await createTaughtSchool(t.db);
    const guardian = await addGuardian(t.db, fixture, 'ja');
    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.late)]);
    t.clock.advance(3 * MINUTE);
    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.present)]);
    await afterWindow();
    expect(await noticesOf(t.db, guardian.id)).toEqual([]);
    await t.app.appDeps.mailer.flush();
    expect(smtp.received.filter((mail) => mail.to === guardian.email)).toEqual([]);
  });

  it('gathers three sittings of one day into one notice', async () => {
    const fixture = await createTaughtSchool(t.db);
    const guardian = await addGuardian(t.db, fixture, 'en');
    const second = await addSitting(t.db, fixture, '10:40', '12:10');
    const third = await addSitting(t.db, fixture, '13:00', '14:30');
    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.unexplainedAbsence)]);
    t.clock.advance(2 * MINUTE);
    await mark(t, [markAt(fixture, second, AttendanceStatus.unexplainedAbsence)]);
    t.clock.advance(2 * MINUTE);
    await mark(t, [markAt(fixture, third, AttendanceStatus.late)]);
    await afterWindow();
    const notices = await noticesOf(t.db, guardian.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.params?.sittings?.map((sitting) => [sitting.start, sitting.status])).toEqual([
      ['09:00', AttendanceStatus.unexplainedAbsence],
      ['10:40', AttendanceStatus.unexplainedAbsence],
      ['13:00', AttendanceStatus.late],
    ]);
    await until('the one mail', () => smtp.received.some((mail) => mail.to === guardian.email));
    await t.app.appDeps.mailer.flush();
    expect(smtp.received.filter((mail) => mail.to === guardian.email)).toHaveLength(1);
  });

  it('words each guardian’s notice in their own language', async () => {
    const fixture = await createTaughtSchool(t.db);
    const japanese = await addGuardian(t.db, fixture, 'ja');
    const english = await addGuardian(t.db, fixture, 'en');
    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.late)]);
    await afterWindow();
    await until('both mails', () =>
      [japanese, english].every((guardian) => smtp.received.some((mail) => mail.to === guardian.email)),
    );
    const mailTo = (email: string) => smtp.received.find((mail) => mail.to === email)?.raw ?? '';
    expect(mailTo(japanese.email)).toContain('出欠のお知らせ');
    expect(mailTo(japanese.email)).toContain('09:00–10:30 遅刻');
    expect(mailTo(english.email)).toContain('Attendance notice');
    expect(mailTo(english.email)).toContain('09:00–10:30 Late');
    expect(await noticesOf(t.db, japanese.id)).toHaveLength(1);
    expect(await noticesOf(t.db, english.id)).toHaveLength(1);
  });

  it('tells no one of an explained absence', async () => {
    const fixture = await createTaughtSchool(t.db);
    const guardian = await addGuardian(t.db, fixture, 'en');
    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.absent)]);
    await afterWindow();
    expect(await noticesOf(t.db, guardian.id)).toEqual([]);
  });

  it('forgets a subscription its push service says is gone', async () => {
    const fixture = await createTaughtSchool(t.db);
    const guardian = await addGuardian(t.db, fixture, 'en');
    const gone = push.subscribe({ gone: true });
    await saveSubscription(t.db, guardian.id, gone, t.clock.now());
    await mark(t, [markAt(fixture, fixture.scheduleId, AttendanceStatus.late)]);
    await afterWindow();
    await until('the subscription to be forgotten', async () => {
      const saved = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, gone.endpoint));
      return saved.length === 0;
    });
  });
});

describe('absence notices across a restart', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createDurableTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('sends after a restart the notice of a mark made before it', async () => {
    const clock = createTestClock();
    const mails: { to: string; text: string }[] = [];
    const config: Partial<AppConfig> = {
      now: clock.now,
      mailTransport: { send: async (mail) => void mails.push({ to: mail.to, text: mail.text }) },
    };
    const first = await buildTestApp(config, { database });
    const fixture = await createTaughtSchool(first.db);
    const guardian = await addGuardian(first.db, fixture, 'en');
    await mark(first, [markAt(fixture, fixture.scheduleId, AttendanceStatus.unexplainedAbsence)]);
    await first.close();

    const second = await buildTestApp(config, { database });
    try {
      clock.advance(WINDOW);
      await second.app.appDeps.jobs.runDue();
      expect(await noticesOf(second.db, guardian.id)).toHaveLength(1);
      await second.app.appDeps.mailer.flush();
      expect(mails.filter((mail) => mail.to === guardian.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});
