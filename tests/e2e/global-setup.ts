import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { smtpPort, startSmtpSink } from './support/smtp-sink';

/** Starts the SMTP server the app under test sends its mail to; the workers read the mail folder. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'school-e2e-mail-'));
  process.env.E2E_MAIL_DIR = dir;
  const stop = await startSmtpSink(dir, smtpPort());
  return async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
