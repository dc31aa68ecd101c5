import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { NotificationSettings } from '../../../domain/schemas/auth-account';
import { errorMessage } from '../../i18n/error-messages';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { CheckboxField } from '../../ui/checkbox-field';
import { Skeleton } from '../../ui/skeleton';
import { useLiveForm } from '../../ui/use-live-form';
import { saveNotificationSettings, useNotificationSettings } from './account-calls';

/** The /notification-setting screen: whether notices reach the bell and the mailbox. */
export function NotificationSettingScreen({
  notify,
  onDirtyChange,
}: {
  notify: (tone: 'success' | 'error', text: string) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const stored = useNotificationSettings();
  // The settings as last read fill the form once; a later read (another tab saved them) never flips what the
  // user ticked meanwhile (useLiveForm): it shows a note instead.
  const form = useLiveForm<NotificationSettings, NotificationSettings>(
    stored.value ?? undefined,
    (value) => value,
  );
  const draft = form.values;
  const setDraft = form.setValues;
  const [busy, setBusy] = useState(false);
  const dirty =
    draft !== null &&
    stored.value !== null &&
    (draft.web !== stored.value.web || draft.mail !== stored.value.mail);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  if (stored.failure) return <p role="alert">{errorMessage(i18n, stored.failure)}</p>;
  if (!draft) return <Skeleton className="h-32" />;
  return (
    <form
      className="mx-auto flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = await saveNotificationSettings(draft);
        setBusy(false);
        if (!result.ok) {
          notify('error', errorMessage(i18n, result.failure.code));
          return;
        }
        form.markSaved();
        stored.reload();
        notify('success', t`Notification settings saved.`);
      }}
    >
      <h1 className="text-xl font-semibold">
        <Trans>Notification settings</Trans>
      </h1>
      {stored.stale && stored.at !== null && <AsOf at={stored.at} />}
      <ChangedMeanwhileNote form={form} />
      <CheckboxField
        label={<Trans>Show notifications in the bell</Trans>}
        checked={draft.web}
        onCheckedChange={(web) => setDraft({ ...draft, web })}
      />
      <CheckboxField
        label={<Trans>Also send notifications by mail</Trans>}
        checked={draft.mail}
        onCheckedChange={(mail) => setDraft({ ...draft, mail })}
      />
      <Button type="submit" busy={busy} className="self-start">
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
