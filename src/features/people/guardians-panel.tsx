import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type Guardian, guardianLinkRequestSchema } from '../../../domain/schemas/people';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { LOCALE_ENDONYMS, localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { TextField } from '../../ui/text-field';
import { checkWith, useFormCall } from '../shared/use-form-call';
import { linkGuardian, unlinkGuardian, useGuardians } from './people-calls';
import { NewAccountLanguageField, type Notify, useOwnLocale, ViewNotices } from './staff-parts';

/**
 * The student screen's guardians (issue 43, admins): who is linked, inviting or linking one by e-mail with
 * their name and the language their mails and notices come in, and ending a link after a confirmation.
 * Online calls: the list is the server's answer, kept to read offline "as of" its time.
 */
export function GuardiansPanel({ studentId, notify }: { studentId: string; notify: Notify }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const view = useGuardians(studentId);
  const [ending, setEnding] = useState<Guardian | null>(null);
  const guardians = view.value?.guardians ?? [];

  const endLink = async (guardian: Guardian) => {
    setEnding(null);
    const answer = await unlinkGuardian(studentId, guardian.id);
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({ tone: 'success', title: t`The link to ${guardian.name} was ended.` });
    view.reload();
  };

  return (
    <section aria-labelledby="guardians-title" className="flex flex-col gap-3">
      <h2 id="guardians-title" className="text-lg font-medium">
        <Trans>Guardians</Trans>
      </h2>
      <ViewNotices view={view} />
      {view.value && guardians.length === 0 && <EmptyState title={t`No guardian is linked.`} />}
      {guardians.length > 0 && (
        <ul aria-label={t`Guardians`} className="flex flex-col gap-2">
          {guardians.map((guardian) => (
            <li
              key={guardian.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 bg-white px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  <span data-user-text="">{guardian.name}</span>
                  {guardian.pending && (
                    <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">
                      <Trans>invited</Trans>
                    </span>
                  )}
                </p>
                <p className="break-all text-slate-600">{guardian.email}</p>
                <p className="text-slate-600">
                  {LOCALE_ENDONYMS[guardian.locale]} ·{' '}
                  <Trans>linked {formatDate(guardian.linked_at, locale)}</Trans>
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setEnding(guardian)}>
                <Trans>End the link</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <GuardianLinkForm studentId={studentId} notify={notify} onLinked={() => view.reload()} />
      <ConfirmDialog
        open={ending !== null}
        title={t`End the link to ${ending?.name ?? ''}?`}
        description={t`They no longer see this student's day, attendance, scores or requests. A guardian with no child left can open nothing.`}
        confirmLabel={t`End the link`}
        destructive
        onConfirm={() => {
          if (ending) void endLink(ending);
        }}
        onCancel={() => setEnding(null)}
      />
    </section>
  );
}

/** Links a guardian by e-mail: an existing guardian account as it is, else a new one invited in `locale`. */
function GuardianLinkForm({
  studentId,
  notify,
  onLinked,
}: {
  studentId: string;
  notify: Notify;
  onLinked: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState(useOwnLocale());
  const { errorOf, busy, onSubmit } = useFormCall({
    check: () => checkWith(guardianLinkRequestSchema, { name, email, locale }),
    send: (body) => linkGuardian(studentId, body),
    notify,
    onSent: (linked) => {
      notify({
        tone: 'success',
        title: linked.pending
          ? t`${linked.name} was invited by email and linked.`
          : t`${linked.name} was linked.`,
      });
      setName('');
      setEmail('');
      onLinked();
    },
  });

  return (
    <form
      aria-label={t`Link a guardian`}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={onSubmit}
    >
      <h3 className="font-medium">
        <Trans>Link a guardian</Trans>
      </h3>
      <p className="text-sm text-slate-600">
        <Trans>
          A guardian with an account is linked as they are; anyone else is invited by email to choose a
          password.
        </Trans>
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField
          label={t`Guardian's name`}
          required
          value={name}
          error={errorOf('name')}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t`Guardian's email`}
          type="email"
          required
          value={email}
          error={errorOf('email')}
          onChange={(event) => setEmail(event.target.value)}
        />
        <NewAccountLanguageField value={locale} onChange={setLocale} />
      </div>
      <div>
        <Button type="submit" busy={busy}>
          <Trans>Link the guardian</Trans>
        </Button>
      </div>
    </form>
  );
}
