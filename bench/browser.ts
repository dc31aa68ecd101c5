import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium as the benchmarks drive it (STACK.md: never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Waits for the latest sign-in code the server printed (its mail goes to the log without SMTP_URL). */
export async function codeFromLog(output: () => string, seen: number): Promise<string> {
  for (let round = 0; round < 400; round++) {
    const codes = [...output().matchAll(/^Sign-in code: (\d{6})$/gm)].map((match) => match[1] ?? '');
    if (codes.length > seen) return codes.at(-1) ?? '';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no sign-in code in the server log');
}

/** How many sign-in codes the server printed so far. */
export function codesPrinted(output: () => string): number {
  return [...output().matchAll(/^Sign-in code: \d{6}$/gm)].length;
}
