import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import { verifyOtpRequestSchema } from '../../../domain/schemas/auth-account';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { TextField } from '../../ui/text-field';
import { resendOtp, verifyOtp } from './account-calls';
import { AuthCard, FormMessage } from './auth-card';
import { markOtpSent, secondsUntilResend } from './otp-countdown';

type OtpInput = z.input<typeof verifyOtpRequestSchema>;
type OtpOutput = z.output<typeof verifyOtpRequestSchema>;

function useResendCountdown(): [number, () => void] {
  const [left, setLeft] = useState(() => secondsUntilResend(sessionStorage, Date.now()));
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(secondsUntilResend(sessionStorage, Date.now())), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const restart = () => {
    markOtpSent(sessionStorage, Date.now());
    setLeft(secondsUntilResend(sessionStorage, Date.now()));
  };
  return [left, restart];
}

/**
 * The /otp screen (SPEC §4): the 6-digit code mailed at sign-in, "trust this device" for 30 days, and a new
 * code once the 60-second countdown has run out.
 */
export function OtpScreen({
  onVerified,
  onSignOut,
}: {
  onVerified: (user: LoginResponse) => void;
  onSignOut: () => void;
}) {
  const { t, i18n } = useLingui();
  const [left, restartCountdown] = useResendCountdown();
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OtpInput, unknown, OtpOutput>({
    resolver: zodResolver(verifyOtpRequestSchema),
    defaultValues: { code: '', trust_device: false },
  });

  // The code field has the focus from the commit that shows the screen, before the address turns to /otp
  // (goToSignInStep): a code pasted or autofilled right then goes into it. Focused through the element itself:
  // the form library's setFocus did nothing in that first commit.
  const codeField = register('code');
  const codeInput = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => codeInput.current?.focus(), []);

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await verifyOtp(values.code, values.trust_device);
    if (result.ok) {
      onVerified(result.value);
      return;
    }
    setMessage({ tone: 'error', text: errorMessage(i18n, result.failure.code) });
  });

  const resend = async () => {
    setResending(true);
    setMessage(null);
    const result = await resendOtp();
    setResending(false);
    if (result.ok) {
      restartCountdown();
      setMessage({ tone: 'info', text: t`A new code was sent to your email address.` });
      return;
    }
    setMessage({ tone: 'error', text: errorMessage(i18n, result.failure.code) });
  };

  const codeError = errors.code?.message;
  return (
    <AuthCard
      title={<Trans>Two-step verification</Trans>}
      intro={<Trans>Enter the 6-digit code we sent to your email address.</Trans>}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={<Trans>Verification code</Trans>}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={codeError ? errorMessage(i18n, codeError) : undefined}
          {...codeField}
          ref={(element) => {
            codeField.ref(element);
            codeInput.current = element;
          }}
        />
        <Controller
          control={control}
          name="trust_device"
          render={({ field }) => (
            <CheckboxField
              label={<Trans>Trust this device for 30 days</Trans>}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <Button type="submit" busy={isSubmitting}>
          <Trans>Verify</Trans>
        </Button>
        <Button variant="secondary" disabled={left > 0 || resending} busy={resending} onClick={resend}>
          {left > 0 ? t`Resend code (${left} s)` : t`Resend code`}
        </Button>
        <Button variant="ghost" onClick={onSignOut}>
          <Trans>Sign in with another account</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
