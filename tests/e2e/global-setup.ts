import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOUR_TEXTS_DIR } from './support/screen-checks';
import { cspReportFile, mailDirVariable, SERVER_SLOTS, smtpPort } from './support/servers';
import { startSmtpSink } from './support/smtp-sink';

/**
 * Starts one SMTP server per worker's app server (each writes to its own mail folder, which that worker reads),
 * and at the end fails the run if any page broke the Content Security Policy: the browser reported it to the
 * server, which kept it in its slot's `cspReportFile`. The screen tour's tests keep the texts they saw in a
 * folder of the run's own (`TOUR_TEXTS_DIR`).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const sinks = await Promise.all(
    SERVER_SLOTS.map(async (slot) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), `school-e2e-mail-${slot}-`));
      process.env[mailDirVariable(slot)] = dir;
      rmSync(cspReportFile(slot), { force: true });
      const stop = await startSmtpSink(dir, smtpPort(slot));
      return { dir, stop };
    }),
  );
  const tourTexts = mkdtempSync(path.join(os.tmpdir(), 'school-e2e-tour-texts-'));
  process.env[TOUR_TEXTS_DIR] = tourTexts;
  return async () => {
    rmSync(tourTexts, { recursive: true, force: true });
    for (const { dir, stop } of sinks) {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    }
    const reports = SERVER_SLOTS.map((slot) => cspReportFile(slot))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file, 'utf8').trim())
      .filter(Boolean)
      .join('\n');
    if (reports) throw new Error(`Content Security Policy violations during the run:\n${reports}`);
  };
}
