import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import { emailRequestSchema, forceChangePasswordRequestSchema } from '../../../domain/schemas/auth-account';
import { changePasswordSchema, passwordPairSchema } from '../../../domain/validation';
import type { CallResult } from '../../api/call-api';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { changePassword, forceChangePassword, requestPasswordReset, resetPassword } from './account-calls';
import { AuthCard, FormMessage } from './auth-card';

type PairInput = z.input<typeof passwordPairSchema>;
type ChangeInput = z.input<typeof changePasswordSchema>;

/**
 * A form that validates with a schema, sends one account call and shows the call's refusal translated; the
 * field errors it returns are error codes, translated by `fieldError`.
 */
function useAccountCallForm<Values extends FieldValues, T>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
  call: (values: Values) => Promise<CallResult<T>>,
  onDone: (value: T) => void,
) {
  const { i18n } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await call(values);
    if (result.ok) onDone(result.value);
    else setFailure(errorMessage(i18n, result.failure.code));
  });
  const fieldError = (code: string | undefined) => (code ? errorMessage(i18n, code) : undefined);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return { form, register, errors, busy: isSubmitting, submit, failure, fieldError };
}

/** The end of every account form: the call's refusal, if any, above the submit button. */
function SubmitWithFailure({
  failure,
  busy,
  children,
}: {
  failure: string | null;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <Button type="submit" busy={busy}>
        {children}
      </Button>
    </>
  );
}

function NewPasswordFields({
  password,
  confirmation,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: { message?: string }; password_confirmation?: { message?: string } };
}) {
  const { i18n } = useLingui();
  const shown = (code: string | undefined) => (code ? errorMessage(i18n, code) : undefined);
  return (
    <>
      <TextField
        label={<Trans>New password</Trans>}
        type="password"
        autoComplete="new-password"
        hint={
          <Trans>8 to 24 half-width characters, mixing at least two of letters, digits and symbols.</Trans>
        }
        error={shown(errors.password?.message)}
        {...password}
      />
      <TextField
        label={<Trans>Confirm new password</Trans>}
        type="password"
        autoComplete="new-password"
        error={shown(errors.password_confirmation?.message)}
        {...confirmation}
      />
    </>
  );
}

/**
 * The form of a new password and its confirmation alone, sent by one call: the forced change and the reset
 * from a mailed link.
 */
function NewPasswordForm<T>({
  schema,
  call,
  onDone,
  submitLabel,
  footer,
}: {
  schema: z.ZodType<PairInput, PairInput>;
  call: (values: PairInput) => Promise<CallResult<T>>;
  onDone: (value: T) => void;
  submitLabel: ReactNode;
  footer?: ReactNode;
}) {
  const { register, errors, busy, submit, failure } = useAccountCallForm<PairInput, T>(
    schema,
    { password: '', password_confirmation: '' },
    call,
    onDone,
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <NewPasswordFields
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={errors}
      />
      <SubmitWithFailure failure={failure} busy={busy}>
        {submitLabel}
      </SubmitWithFailure>
      {footer}
    </form>
  );
}

/** /change-password for an account that must change its password before anything else (SPEC §2, §4). */
export function ForceChangePasswordScreen({ onChanged }: { onChanged: (user: LoginResponse) => void }) {
  return (
    <AuthCard
      title={<Trans>Change your password</Trans>}
      intro={<Trans>Your password must be changed before you continue.</Trans>}
    >
      <NewPasswordForm
        schema={forceChangePasswordRequestSchema}
        call={forceChangePassword}
        onDone={onChanged}
        submitLabel={<Trans>Change password</Trans>}
      />
    </AuthCard>
  );
}

/** The voluntary change of the profile: current password and a confirmed new one. */
export function ChangePasswordForm({ isStudent, onChanged }: { isStudent: boolean; onChanged: () => void }) {
  const { form, register, errors, busy, submit, failure, fieldError } = useAccountCallForm<
    ChangeInput,
    unknown
  >(
    changePasswordSchema,
    { current_password: '', password: '', password_confirmation: '' },
    (values) => changePassword(isStudent, values),
    () => {
      form.reset();
      onChanged();
    },
  );
  return (
    <form noValidate onSubmit={submit} className="flex max-w-sm flex-col gap-4">
      <TextField
        label={<Trans>Current password</Trans>}
        type="password"
        autoComplete="current-password"
        error={fieldError(errors.current_password?.message)}
        {...register('current_password')}
      />
      <NewPasswordFields
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={errors}
      />
      <SubmitWithFailure failure={failure} busy={busy}>
        <Trans>Change password</Trans>
      </SubmitWithFailure>
    </form>
  );
}

/** /forgot-password: asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordScreen({ loginLink }: { loginLink: ReactNode }) {
  const [sent, setSent] = useState(false);
  const { register, errors, busy, submit, failure, fieldError } = useAccountCallForm<
    z.input<typeof emailRequestSchema>,
    unknown
  >(
    emailRequestSchema,
    { email: '' },
    (values) => requestPasswordReset(values.email),
    () => setSent(true),
  );
  return (
    <AuthCard
      title={<Trans>Reset your password</Trans>}
      intro={<Trans>Enter your email address and we will send you a link to set a new password.</Trans>}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={<Trans>Email address</Trans>}
          type="email"
          autoComplete="username"
          error={fieldError(errors.email?.message)}
          {...register('email')}
        />
        {sent && (
          <FormMessage tone="info">
            <Trans>If this address belongs to an account, a mail with a reset link is on its way.</Trans>
          </FormMessage>
        )}
        <SubmitWithFailure failure={failure} busy={busy}>
          <Trans>Send reset link</Trans>
        </SubmitWithFailure>
        <p className="text-center text-sm">{loginLink}</p>
      </form>
    </AuthCard>
  );
}

/** /reset-password/{token}: sets a new password from the mailed single-use link. */
export function ResetPasswordScreen({ token, loginLink }: { token: string; loginLink: ReactNode }) {
  const [done, setDone] = useState(false);
  return (
    <AuthCard title={<Trans>Set a new password</Trans>}>
      {done ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="info">
            <Trans>Your password was changed. Sign in with the new password.</Trans>
          </FormMessage>
          <p className="text-center text-sm">{loginLink}</p>
        </div>
      ) : (
        <NewPasswordForm
          schema={passwordPairSchema}
          call={(values) => resetPassword({ token, ...values })}
          onDone={() => setDone(true)}
          submitLabel={<Trans>Set password</Trans>}
          footer={<p className="text-center text-sm">{loginLink}</p>}
        />
      )}
    </AuthCard>
  );
}
