import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type LoginResponse, loginRequestSchema } from '../../../domain/auth';
import type { SessionEnded } from '../../app/session-ended';
import { errorMessage } from '../../i18n/error-messages';
import { signIn } from './sign-in';

type LoginFormInput = z.input<typeof loginRequestSchema>;
type LoginFormOutput = z.output<typeof loginRequestSchema>;

/**
 * Why the user is asked to sign in again, and that the writes waiting on this device are kept: a teacher
 * whose session ended while marking offline must not think the marks were lost.
 */
function SessionEndedNotice({ notice }: { notice: SessionEnded }) {
  const { name, pending } = notice;
  return (
    <div role="status" className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="font-medium">
        <Trans>Your session has ended. Please sign in again.</Trans>
      </p>
      {pending > 0 && (
        <p className="mt-1">
          <Trans>
            Changes waiting on this device: {pending}. They are kept and will be sent when {name} signs in
            again.
          </Trans>
        </p>
      )}
    </div>
  );
}

/**
 * The /login screen: email and password, validated with the call's own schema; `sessionEnded` when the
 * server ended the session rather than the user signing out.
 */
export function LoginScreen({
  onSignedIn,
  sessionEnded = null,
}: {
  onSignedIn: (user: LoginResponse) => void;
  sessionEnded?: SessionEnded | null;
}) {
  const { t, i18n } = useLingui();
  const emailId = useId();
  const passwordId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await signIn(values);
    if (result.ok) {
      onSignedIn(result.user);
      return;
    }
    setServerError(errorMessage(i18n, result.failure.code));
  });

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-xl font-semibold text-blue-900">{t`School Admin`}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">
          <Trans>Sign in to continue</Trans>
        </p>
        {sessionEnded && <SessionEndedNotice notice={sessionEnded} />}
        <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={emailId} className="text-sm font-medium">
              <Trans>Email address</Trans>
            </label>
            <input
              id={emailId}
              type="email"
              autoComplete="username"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${emailId}-error` : undefined}
              {...register('email')}
              className="rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
            />
            {emailError && (
              <p id={`${emailId}-error`} className="text-sm text-red-700">
                {errorMessage(i18n, emailError)}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={passwordId} className="text-sm font-medium">
              <Trans>Password</Trans>
            </label>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${passwordId}-error` : undefined}
              {...register('password')}
              className="rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
            />
            {passwordError && (
              <p id={`${passwordId}-error`} className="text-sm text-red-700">
                {errorMessage(i18n, passwordError)}
              </p>
            )}
          </div>
          {serverError && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {serverError}
            </p>
          )}
          <button
            type="submit"
            disabled={isSubmitting}
            className="rounded-md bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:opacity-60"
          >
            {isSubmitting ? t`Signing in…` : t`Sign in`}
          </button>
          <Link
            to="/forgot-password"
            className="text-center text-sm text-blue-700 underline underline-offset-2"
          >
            <Trans>Forgot your password?</Trans>
          </Link>
        </form>
      </div>
    </main>
  );
}
