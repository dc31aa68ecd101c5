import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cspReportFile } from '../../playwright.config';
import { smtpPort, startSmtpSink } from './support/smtp-sink';

/**
 * Starts the SMTP server the app under test sends its mail to (the workers read the mail folder), and at the
 * end fails the run if any page broke the Content Security Policy: the browser reported it to the server,
 * which kept it in `cspReportFile`.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'school-e2e-mail-'));
  process.env.E2E_MAIL_DIR = dir;
  rmSync(cspReportFile, { force: true });
  const stop = await startSmtpSink(dir, smtpPort());
  return async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    const reports = existsSync(cspReportFile) ? readFileSync(cspReportFile, 'utf8').trim() : '';
    if (reports) throw new Error(`Content Security Policy violations during the run:\n${reports}`);
  };
}
