import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { anonymous, buildTestApp, type TestApp } from '../testing/test-app';
import { SIGN_IN_CODE_PATTERN } from './templates';

async function attemptLogin(t: TestApp, email: string): Promise<number> {
  const guest = await anonymous(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: guest.headers(),
    payload: { email, password: 'demo-test-2026' },
  });
  return response.statusCode;
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let round = 0; round < 500; round++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never held');
}

describe('mail outbox over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailTransport: undefined });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the sign-in code through a real SMTP server and marks the row sent', async () => {
    expect(await attemptLogin(t, 'admin@demo.test')).toBe(200);
    await until(() => received.some((raw) => raw.includes('admin@demo.test')));
    await until(async () => (await t.db.select().from(mailOutbox)).every((row) => row.sentAt !== null));
    const [row] = await t.db.select().from(mailOutbox);
    expect(row?.to).toBe('admin@demo.test');
    expect(row?.body).toMatch(SIGN_IN_CODE_PATTERN);
  });
});

describe('mail outbox without SMTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ mailTransport: undefined });
  });

  afterAll(async () => {
    await t.close();
  });

  it('prints the mail to the log with the code readable', async () => {
    expect(await attemptLogin(t, 'teacher@demo.test')).toBe(200);
    await until(() =>
      t.printed.some((line) => new RegExp(`^${SIGN_IN_CODE_PATTERN.source}$`, 'm').test(line)),
    );
    expect(t.printed.join('\n')).toContain('[mail] to: teacher@demo.test');
  });
});
