import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { LoginResponse } from '../../../domain/auth';
import { emailRequestSchema, forceChangePasswordRequestSchema } from '../../../domain/schemas/auth-account';
import { changePasswordSchema, passwordPairSchema } from '../../../domain/validation';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { changePassword, forceChangePassword, requestPasswordReset, resetPassword } from './account-calls';
import { AuthCard, FormMessage } from './auth-card';

type PairInput = z.input<typeof passwordPairSchema>;
type ChangeInput = z.input<typeof changePasswordSchema>;

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

/** /change-password for an account that must change its password before anything else (SPEC §2, §4). */
export function ForceChangePasswordScreen({ onChanged }: { onChanged: (user: LoginResponse) => void }) {
  const { i18n } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PairInput>({
    resolver: zodResolver(forceChangePasswordRequestSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await forceChangePassword(values);
    if (result.ok) onChanged(result.value);
    else setFailure(errorMessage(i18n, result.failure.code));
  });
  return (
    <AuthCard
      title={<Trans>Change your password</Trans>}
      intro={<Trans>Your password must be changed before you continue.</Trans>}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          errors={errors}
        />
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <Button type="submit" busy={isSubmitting}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}

/** The voluntary change of the profile: current password and a confirmed new one. */
export function ChangePasswordForm({ isStudent, onChanged }: { isStudent: boolean; onChanged: () => void }) {
  const { i18n } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await changePassword(isStudent, values);
    if (!result.ok) {
      setFailure(errorMessage(i18n, result.failure.code));
      return;
    }
    reset();
    onChanged();
  });
  const current = errors.current_password?.message;
  return (
    <form noValidate onSubmit={submit} className="flex max-w-sm flex-col gap-4">
      <TextField
        label={<Trans>Current password</Trans>}
        type="password"
        autoComplete="current-password"
        error={current ? errorMessage(i18n, current) : undefined}
        {...register('current_password')}
      />
      <NewPasswordFields
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={errors}
      />
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <Button type="submit" busy={isSubmitting}>
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}

/** /forgot-password: asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordScreen({ loginLink }: { loginLink: ReactNode }) {
  const { i18n } = useLingui();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof emailRequestSchema>>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await requestPasswordReset(values.email);
    if (result.ok) setSent(true);
    else setFailure(errorMessage(i18n, result.failure.code));
  });
  const emailError = errors.email?.message;
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
          error={emailError ? errorMessage(i18n, emailError) : undefined}
          {...register('email')}
        />
        {sent && (
          <FormMessage tone="info">
            <Trans>If this address belongs to an account, a mail with a reset link is on its way.</Trans>
          </FormMessage>
        )}
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <Button type="submit" busy={isSubmitting}>
          <Trans>Send reset link</Trans>
        </Button>
        <p className="text-center text-sm">{loginLink}</p>
      </form>
    </AuthCard>
  );
}

/** /reset-password/{token}: sets a new password from the mailed single-use link. */
export function ResetPasswordScreen({ token, loginLink }: { token: string; loginLink: ReactNode }) {
  const { i18n } = useLingui();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PairInput>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await resetPassword({ token, ...values });
    if (result.ok) setDone(true);
    else setFailure(errorMessage(i18n, result.failure.code));
  });
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
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <NewPasswordFields
            password={register('password')}
            confirmation={register('password_confirmation')}
            errors={errors}
          />
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <Button type="submit" busy={isSubmitting}>
            <Trans>Set password</Trans>
          </Button>
          <p className="text-center text-sm">{loginLink}</p>
        </form>
      )}
    </AuthCard>
  );
}
