import os from 'node:os';
import path from 'node:path';

/**
 * The browser suite runs on several Playwright workers, each against a server of its own (own data folder, own
 * SMTP server, own coding-practice stand-in), so a spec's seeded rows, mail and rankings are never another
 * worker's. Slot `n` is Playwright's parallel index of the worker (`TEST_PARALLEL_INDEX`); its server listens
 * on `E2E_PORT + 100·n`, beside the ports other checkouts' runs use (`E2E_PORT`, `E2E_PORT + 1`, …).
 *
 * Two workers on the 2-core machine: a spec spends much of its time waiting for the sync worker, the change
 * feed and debounces rather than computing, so a second worker fills that time. `E2E_WORKERS=1` runs one.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The slots 0…E2E_WORKERS-1, one per worker and server. */
export const SERVER_SLOTS = Array.from({ length: E2E_WORKERS }, (_, slot) => slot);

/** This process's slot: the worker's parallel index (0 in the config and the global setup). */
export function currentSlot(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The app server of a slot. */
export function serverPort(slot = currentSlot()): number {
  return Number(process.env.E2E_PORT ?? 3100) + 100 * slot;
}

/** The SMTP server a slot's app sends its mail to. */
export function smtpPort(slot = currentSlot()): number {
  return serverPort(slot) + 20_000;
}

/** The stand-in coding-practice service a slot's app fetches rankings from (started by the spec that needs it). */
export function codingServicePort(slot = currentSlot()): number {
  return serverPort(slot) + 21_000;
}

/** Every Content Security Policy violation a slot's server is told of is appended here (checked at teardown). */
export function cspReportFile(slot: number): string {
  return path.join(os.tmpdir(), `school-e2e-csp-${serverPort(slot)}.jsonl`);
}

/** The environment variable naming the folder a slot's received mail is kept in (set by the global setup). */
export function mailDirVariable(slot = currentSlot()): string {
  return `E2E_MAIL_DIR_${slot}`;
}
