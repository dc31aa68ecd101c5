import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { inviteRequestSchema } from '../../../domain/schemas/people';
import type { CallResult } from '../../api/call-api';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { TextField } from '../../ui/text-field';
import { checkWith, useFormCall } from '../shared/use-form-call';
import { type InviteKind, invite } from './people-calls';
import { NewAccountLanguageField, type Notify, UniversityChecks, useOwnLocale } from './staff-parts';

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
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [universityIds, setUniversityIds] = useState<string[]>([]);
  const [locale, setLocale] = useState(useOwnLocale());
  const { errorOf, busy, onSubmit } = useFormCall({
    check: () => checkWith(inviteRequestSchema, { name, email, university_ids: universityIds, locale }),
    // A teacher and an observer answer in their own shapes; the screen reads neither.
    send: (body): Promise<CallResult<unknown>> => invite(kind, body),
    notify,
    onSent: () => {
      notify({
        tone: 'success',
        title:
          kind === 'teacher' ? t`The teacher was invited by email.` : t`The observer was invited by email.`,
      });
      onInvited();
    },
  });

  return (
    <Screen
      title={kind === 'teacher' ? <Trans>Invite a teacher</Trans> : <Trans>Invite an observer</Trans>}
      className="max-w-xl"
    >
      <p className="text-sm text-slate-600">
        <Trans>The invitation mails a link, valid for 7 days and usable once, to choose a password.</Trans>
      </p>
      <form className="flex flex-col gap-3" onSubmit={onSubmit}>
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
    </Screen>
  );
}
