import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { signInWithPasskey } from '../shared/passkey-ceremonies';
import { resendOtp } from './account-calls';
import { AuthCard, FormMessage } from './auth-card';

/**
 * The second step of a sign-in for an account with a passkey (issue 44): the passkey instead of the mailed
 * code, "trust this device" as with the code, and the code one tap away when the passkey is not at hand.
 */
export function PasskeyStep({
  onVerified,
  onCodeSent,
  onSignOut,
}: {
  onVerified: (user: LoginResponse) => void;
  /** A code was mailed after all: the code screen takes over. */
  onCodeSent: () => void;
  onSignOut: () => void;
}) {
  const { i18n } = useLingui();
  const [trustDevice, setTrustDevice] = useState(false);
  const [busy, setBusy] = useState<'passkey' | 'code' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const tryPasskey = async () => {
    setBusy('passkey');
    setProblem(null);
    const outcome = await signInWithPasskey(trustDevice);
    setBusy(null);
    if (outcome.ok) onVerified(outcome.value);
    else setProblem(errorMessage(i18n, outcome.failure.code));
  };

  const sendCode = async () => {
    setBusy('code');
    setProblem(null);
    const result = await resendOtp();
    setBusy(null);
    if (result.ok) onCodeSent();
    else setProblem(errorMessage(i18n, result.failure.code));
  };

  return (
    <AuthCard
      title={<Trans>Two-step verification</Trans>}
      intro={
        <Trans>Confirm it is you with your passkey (this device's screen lock, fingerprint or face).</Trans>
      }
    >
      <div className="flex flex-col gap-4">
        <CheckboxField
          label={<Trans>Trust this device for 30 days</Trans>}
          checked={trustDevice}
          onCheckedChange={setTrustDevice}
        />
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        <Button busy={busy === 'passkey'} disabled={busy !== null} onClick={() => void tryPasskey()}>
          <Trans>Use my passkey</Trans>
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'code'}
          disabled={busy !== null}
          onClick={() => void sendCode()}
        >
          <Trans>Send me a code instead</Trans>
        </Button>
        <Button variant="ghost" onClick={onSignOut}>
          <Trans>Sign in with another account</Trans>
        </Button>
      </div>
    </AuthCard>
  );
}
