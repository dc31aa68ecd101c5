import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SIGN_IN_CODE_PATTERN } from '../../../server/mail/templates';
import { mailDirVariable } from './servers';
import type { StoredMail } from './smtp-sink';

function mailDir(): string {
  const dir = process.env[mailDirVariable()];
  if (!dir)
    throw new Error(`${mailDirVariable()} is not set: run through playwright.config.ts (global setup)`);
  return dir;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < unfolded.length; index += 1) {
    const hex = unfolded.slice(index + 1, index + 3);
    if (unfolded[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text body of a single-part message (what the app sends), decoded. */
export function textOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function mailsTo(address: string): string[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()))
    .map((mail) => textOf(mail.raw));
}

/** How many mails an address has received so far (take it before the action that sends one). */
export function mailCount(address: string): number {
  return mailsTo(address).length;
}

/** Waits for a new mail to `address` (after `after` mails) matching `pattern`; returns its first group. */
export async function waitForMail(address: string, pattern: RegExp, after: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)
          .slice(after)
          .map((text) => pattern.exec(text)?.[1])
          .filter((value): value is string => value !== undefined)
          .at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${address} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  if (found === undefined) throw new Error('unreachable');
  return found;
}

/** The code of a sign-in mail. */
export const OTP_PATTERN = SIGN_IN_CODE_PATTERN;
/** The token of a reset link. */
export const RESET_LINK_PATTERN = /(\/admin\/reset-password\/[A-Za-z0-9_-]+)/;
