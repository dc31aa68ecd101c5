import { describe, expect, it } from 'vitest';
import { markOtpSent, secondsUntilResend } from './otp-countdown';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, value) };
}

describe('otp resend countdown', () => {
  it('counts 60 seconds down from the last code and never below zero', () => {
    const storage = memoryStorage();
    expect(secondsUntilResend(storage, 1_000_000)).toBe(0);
    markOtpSent(storage, 1_000_000);
    expect(secondsUntilResend(storage, 1_000_000)).toBe(60);
    expect(secondsUntilResend(storage, 1_000_000 + 59_500)).toBe(1);
    expect(secondsUntilResend(storage, 1_000_000 + 60_000)).toBe(0);
    expect(secondsUntilResend(storage, 1_000_000 + 600_000)).toBe(0);
  });
});
