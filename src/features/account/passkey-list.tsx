import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { ErrorCode } from '../../../domain/errors';
import { callPath } from '../../../domain/permissions';
import type { PasskeyEntry, PasskeyList } from '../../../domain/schemas/passkeys';
import { type CallResult, callApi } from '../../api/call-api';
import type { OnlineView } from '../../db/use-online-view';
import { ClientErrorCode, errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { passkeysSupported, registerPasskey } from '../shared/passkey-ceremonies';
import { useCallView } from '../shared/use-call-view';

type Notify = (tone: 'success' | 'error', text: string) => void;

/** The caller's passkeys (`GET /api/passkeys`), an online-only view shown offline from its last answer. */
function usePasskeys(): OnlineView<PasskeyList> {
  return useCallView(callPath('GET /api/passkeys'), 'GET /api/passkeys');
}

/** `DELETE /api/passkeys/:passkeyId`. */
function removePasskey(passkeyId: string): Promise<CallResult<{ ok: true }>> {
  return callApi('DELETE /api/passkeys/:passkeyId', { params: { passkeyId } });
}

/** The form that registers a passkey of this device under a name (the device's, as the sessions list words it). */
function AddPasskey({
  defaultName,
  notify,
  onAdded,
}: {
  defaultName: string;
  notify: Notify;
  onAdded: () => void;
}) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shownName = name ?? defaultName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = shownName.trim();
    if (!trimmed) {
      setProblem(errorMessage(i18n, 'required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await registerPasskey(trimmed);
    setBusy(false);
    if (outcome.ok) {
      setName(null);
      notify('success', t`The passkey was added. New browsers can now ask for it instead of a mailed code.`);
      onAdded();
      return;
    }
    setProblem(errorMessage(i18n, outcome.failure.code));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label={<Trans>Passkey name</Trans>}
        value={shownName}
        maxLength={255}
        onChange={(event) => setName(event.target.value)}
        error={problem ?? undefined}
        className="sm:min-w-64"
      />
      <Button type="submit" busy={busy}>
        <Trans>Add a passkey</Trans>
      </Button>
    </form>
  );
}

/**
 * The profile's passkeys (issue 44): each one's name, when it was added and last used, removal after a
 * confirmation, and the form that adds one of this device. Adding and removing need the server (online only).
 */
export function PasskeySection({ deviceName, notify }: { deviceName: string; notify: Notify }) {
  const { t, i18n } = useLingui();
  const passkeys = usePasskeys();
  const [removing, setRemoving] = useState<PasskeyEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const locale = localeOrDefault(i18n.locale);
  if (passkeys.failure && !passkeys.value) return <p role="alert">{errorMessage(i18n, passkeys.failure)}</p>;
  if (!passkeys.value) return <Skeleton className="h-16" />;
  const { available, data } = passkeys.value;

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    const result = await removePasskey(removing.id);
    setBusy(false);
    setRemoving(null);
    if (result.ok) {
      notify('success', t`The passkey was removed.`);
      passkeys.reload();
    } else notify('error', errorMessage(i18n, result.failure.code));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        <Trans>
          A passkey signs you in on a new browser instead of the code we mail, with this device's screen lock
          or fingerprint.
        </Trans>
      </p>
      {data.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No passkeys yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-label={t`Passkeys`}>
          {data.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium break-words">{passkey.name}</span>
                <span className="text-slate-600">
                  {t`Added ${formatDate(Date.parse(passkey.created_at), locale, 'dateTime')}`}
                  {' · '}
                  {passkey.last_used_at
                    ? t`Last used ${formatDate(Date.parse(passkey.last_used_at), locale, 'dateTime')}`
                    : t`Not used yet`}
                </span>
              </span>
              <Button variant="secondary" size="sm" onClick={() => setRemoving(passkey)}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!available ? (
        <p className="text-sm text-slate-600">{errorMessage(i18n, ErrorCode.passkeysUnavailable)}</p>
      ) : !passkeysSupported() ? (
        <p className="text-sm text-slate-600">{errorMessage(i18n, ClientErrorCode.passkeyUnsupported)}</p>
      ) : (
        <AddPasskey defaultName={deviceName} notify={notify} onAdded={() => passkeys.reload()} />
      )}
      <ConfirmDialog
        open={removing !== null}
        destructive
        title={<Trans>Remove this passkey?</Trans>}
        description={
          removing ? (
            <Trans>
              "{removing.name}" will no longer sign you in. New browsers will ask for the mailed code instead.
            </Trans>
          ) : undefined
        }
        confirmLabel={busy ? t`Removing…` : t`Remove`}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
