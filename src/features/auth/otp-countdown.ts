import { LIMITS } from '../../../domain/limits';

/** Session-storage key of when the last code was sent, so a reload keeps the countdown. */
export const OTP_SENT_AT_KEY = 'otp_sent_at';

/** Remembers that a code was just sent. */
export function markOtpSent(storage: Pick<Storage, 'setItem'>, now: number): void {
  storage.setItem(OTP_SENT_AT_KEY, String(now));
}

/** Whole seconds left before another code may be asked for (SPEC §9: 60 s); 0 when it may. */
export function secondsUntilResend(storage: Pick<Storage, 'getItem'>, now: number): number {
  const sentAt = Number(storage.getItem(OTP_SENT_AT_KEY));
  if (!Number.isFinite(sentAt) || sentAt <= 0) return 0;
  const left = LIMITS.otpResendSeconds - Math.floor((now - sentAt) / 1000);
  return Math.min(LIMITS.otpResendSeconds, Math.max(0, left));
}
