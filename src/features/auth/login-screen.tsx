import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import type { LoginResponse, loginRequestSchema } from '../../../domain/schemas/auth-account';
import type { SessionEnded } from '../../app/session-ended';
import type { errorMessage } from '../../i18n/error-messages';
import type { signIn } from './sign-in';

type LoginSchema = typeof loginRequestSchema;
type LoginFormInput = z.input<LoginSchema>;
type LoginFieldErrors = Partial<Record<keyof LoginFormInput, string>>;

/** What sending the form takes: the call's own schema, the call and the wording of its error codes. */
type Sender = { schema: LoginSchema; signIn: typeof signIn; errorMessage: typeof errorMessage };

/**
 * The sender, loaded (with zod and the API client) when the form is first sent: the sign-in page paints
 * without them, and field and server errors show only after the first send.
 */
async function loadSender(): Promise<Sender> {
  const [schemas, call, messages] = await Promise.all([
    import('../../../domain/schemas/auth-account'),
    import('./sign-in'),
    import('../../i18n/error-messages'),
  ]);
  return { schema: schemas.loginRequestSchema, signIn: call.signIn, errorMessage: messages.errorMessage };
}

/** The first code of each field the schema refuses, or null when the input is a valid request. */
function loginFieldErrors(schema: LoginSchema, values: LoginFormInput): LoginFieldErrors | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return null;
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'email' || field === 'password') errors[field] ??= issue.message;
  }
  return errors;
}

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
 * server ended the session rather than the user signing out; `children` under the form (the sign-in with the
 * school's identity provider).
 */
export function LoginScreen({
  onSignedIn,
  sessionEnded = null,
  children,
}: {
  onSignedIn: (user: LoginResponse) => void;
  sessionEnded?: SessionEnded | null;
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const emailId = useId();
  const passwordId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  // A plain form rather than react-hook-form: the sign-in page is the app's first paint, and the form library
  // would be a tenth of its script. Field errors show after the first send, then follow each keystroke.
  const [values, setValues] = useState<LoginFormInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  // Set by the first send, with the sender it loaded; from then on the errors follow each keystroke.
  const [sentWith, setSentWith] = useState<Sender | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  // One send at a time, from the click on: the first send waits for the schema before it shows as submitting.
  const sending = useRef(false);

  const change = (field: keyof LoginFormInput) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (sentWith) setErrors(loginFieldErrors(sentWith.schema, next) ?? {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await send();
    } finally {
      sending.current = false;
    }
  };

  const send = async () => {
    // The network lost before the service worker cached the sender's scripts: nothing was sent, and the
    // form says so and stays as it was for the user to send again.
    const sender = await loadSender().catch(() => null);
    if (!sender) {
      setServerError(t`Could not reach the server. Check your connection and try again.`);
      return;
    }
    setSentWith(sender);
    const refused = loginFieldErrors(sender.schema, values);
    setErrors(refused ?? {});
    if (refused) return;
    setServerError(null);
    setSubmitting(true);
    try {
      const result = await sender.signIn(sender.schema.parse(values));
      if (result.ok) {
        onSignedIn(result.user);
        return;
      }
      setServerError(sender.errorMessage(i18n, result.failure.code));
    } finally {
      setSubmitting(false);
    }
  };

  const emailError = errors.email;
  const passwordError = errors.password;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-xl font-semibold text-blue-900">{t`School Admin`}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">
          <Trans>Sign in to continue</Trans>
        </p>
        {sessionEnded && <SessionEndedNotice notice={sessionEnded} />}
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 flex flex-col gap-4">
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
              name="email"
              value={values.email}
              onChange={change('email')}
              className="rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
            />
            {emailError && (
              <p id={`${emailId}-error`} className="text-sm text-red-700">
                {sentWith?.errorMessage(i18n, emailError)}
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
              name="password"
              value={values.password}
              onChange={change('password')}
              className="rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
            />
            {passwordError && (
              <p id={`${passwordId}-error`} className="text-sm text-red-700">
                {sentWith?.errorMessage(i18n, passwordError)}
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
        {children}
      </div>
    </main>
  );
}
