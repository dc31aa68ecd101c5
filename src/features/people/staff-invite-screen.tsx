import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { inviteRequestSchema } from '../../../domain/schemas/people';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { issueErrors } from '../shared/issue-errors';
import { type InviteKind, invite } from './people-calls';
import {
  fieldErrors,
  NewAccountLanguageField,
  type Notify,
  UniversityChecks,
  useOwnLocale,
} from './staff-parts';

/**
 * `/teachers/invite` and `/observers/invite` (admins): name, email, universities and the language of the new
 * account and its invitation. The server mails a
 * single-use link to choose a password; the account cannot sign in before. Then back to the list (SPEC §2).
 */
export function StaffInviteScreen({
  kind,
  onInvited,
  notify,
}: {
  kind: InviteKind;
  onInvited: () => void;
  notify: Notify;
}) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [universityIds, setUniversityIds] = useState<string[]>([]);
  const [locale, setLocale] = useState(useOwnLocale());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);

  const submit = async () => {
    const parsed = inviteRequestSchema.safeParse({ name, email, university_ids: universityIds, locale });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    const answer = await invite(kind, parsed.data);
    setBusy(false);
    if (!answer.ok) {
      setErrors(fieldErrors(answer.failure.errors));
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({
      tone: 'success',
      title:
        kind === 'teacher' ? t`The teacher was invited by email.` : t`The observer was invited by email.`,
    });
    onInvited();
  };

  return (
    <section aria-labelledby="invite-title" className="flex max-w-xl flex-col gap-4">
      <h1 id="invite-title" className="text-2xl font-semibold">
        {kind === 'teacher' ? <Trans>Invite a teacher</Trans> : <Trans>Invite an observer</Trans>}
      </h1>
      <p className="text-sm text-slate-600">
        <Trans>The invitation mails a link, valid for 7 days and usable once, to choose a password.</Trans>
      </p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t`Name`}
          required
          value={name}
          error={errorOf('name')}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t`Email`}
          type="email"
          required
          value={email}
          error={errorOf('email')}
          onChange={(e) => setEmail(e.target.value)}
        />
        <UniversityChecks
          value={universityIds}
          onChange={setUniversityIds}
          error={errorOf('university_ids')}
        />
        <NewAccountLanguageField value={locale} onChange={setLocale} />
        <div>
          <Button type="submit" busy={busy}>
            <Trans>Send invitation</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
