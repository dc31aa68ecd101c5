import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';
import { Role } from '../../../domain/roles';
import { avatarUrl, type Profile, updateProfileRequestSchema } from '../../../domain/schemas/auth-account';
import { validateAvatarFile } from '../../../domain/validation';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { ErrorNote } from '../../ui/error-note';
import { FilePicker } from '../../ui/file-picker';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import { issueErrors } from '../shared/issue-errors';
import { revokeSession, saveProfile, uploadAvatar, useProfile, useSessions } from './account-calls';
import { deviceWords } from './device-words';
import { PasskeySection } from './passkey-list';

type Notify = (tone: 'success' | 'error', text: string) => void;

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Details = z.input<typeof updateProfileRequestSchema>;
const DETAIL_FIELDS = ['name', 'name_kana', 'phone', 'email'] as const;

const detailsOf = (profile: Profile): Details => ({
  name: profile.name,
  name_kana: profile.name_kana ?? '',
  phone: profile.phone ?? '',
  email: profile.email,
});

/**
 * The user's details. `profile` is the profile as last read (re-read after a save, or when the screen is
 * opened again): a read that brings changes made on another device never replaces what the user typed, it
 * shows as changed meanwhile (`useLiveForm`).
 */
export function DetailsForm({
  profile,
  notify,
  onSaved,
}: {
  profile: Profile;
  notify: Notify;
  onSaved: (p: Profile) => void;
}) {
  const { t, i18n } = useLingui();
  const isStudent = profile.role === Role.student;
  const form = useLiveForm(profile, detailsOf);
  const values = form.values ?? detailsOf(profile);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const shown = (code: string | undefined) => (code ? errorMessage(i18n, code) : undefined);
  const field = (name: (typeof DETAIL_FIELDS)[number]) => ({
    name,
    value: values[name] ?? '',
    error: shown(errors[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await saveProfile(isStudent, parsed.data);
    setBusy(false);
    if (result.ok) {
      form.markSaved();
      onSaved(result.value);
      notify('success', t`Your profile was saved.`);
      return;
    }
    const { field: refusedField, code } = result.failure;
    if (DETAIL_FIELDS.some((name) => name === refusedField))
      setErrors({ [refusedField as keyof Details]: code });
    notify('error', errorMessage(i18n, code));
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-md flex-col gap-4">
      <ChangedMeanwhileNote form={form} />
      <TextField label={<Trans>Full name</Trans>} required {...field('name')} />
      <TextField label={<Trans>Name (kana)</Trans>} {...field('name_kana')} />
      <TextField label={<Trans>Phone number</Trans>} type="tel" {...field('phone')} />
      <TextField label={<Trans>Email address</Trans>} type="email" required {...field('email')} />
      <Button type="submit" busy={busy} className="self-start">
        <Trans>Save profile</Trans>
      </Button>
    </form>
  );
}

function AvatarForm({
  profile,
  notify,
  onSaved,
}: {
  profile: Profile;
  notify: Notify;
  onSaved: (avatar: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isStudent = profile.role === Role.student;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const [code] = validateAvatarFile({ name: file.name, type: file.type, size: file.size });
    if (code) {
      setError(errorMessage(i18n, code));
      return;
    }
    setBusy(true);
    const result = await uploadAvatar(isStudent, file);
    setBusy(false);
    if (!result.ok) {
      setError(errorMessage(i18n, result.failure.code));
      return;
    }
    onSaved(result.value.avatar);
    notify('success', t`Your avatar was updated.`);
  };
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-4">
      <img
        src={avatarUrl(profile, isStudent)}
        alt={t`Current avatar`}
        className="size-20 shrink-0 rounded-full border border-slate-200 object-cover"
      />
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <FilePicker
          label={<Trans>Choose an image (PNG or JPEG, up to 4 MB)</Trans>}
          accept="image/png,image/jpeg"
          disabled={busy}
          onPick={(file) => void pick(file)}
        />
        {error && <ErrorNote>{error}</ErrorNote>}
      </div>
    </div>
  );
}

function SessionList({ notify }: { notify: Notify }) {
  const { t, i18n } = useLingui();
  const sessions = useSessions();
  const locale = localeOrDefault(i18n.locale);
  if (sessions.failure) return <p role="alert">{errorMessage(i18n, sessions.failure)}</p>;
  if (!sessions.value) return <Skeleton className="h-16" />;
  return (
    <ul className="flex flex-col divide-y divide-slate-200">
      {sessions.value.map((session) => (
        <li
          key={session.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm"
        >
          <span className="flex min-w-0 flex-col">
            <span className="font-medium break-words">{deviceWords(i18n, session.device)}</span>
            <span className="text-slate-600">
              {t`Signed in ${formatDate(Date.parse(session.created_at), locale, 'dateTime')}`}
              {session.current && ` · ${t`This device`}`}
            </span>
          </span>
          {!session.current && (
            <Button
              variant="secondary"
              size="sm"
              onClick={async () => {
                const result = await revokeSession(session.id);
                if (result.ok) {
                  notify('success', t`The session was ended.`);
                  sessions.reload();
                } else notify('error', errorMessage(i18n, result.failure.code));
              }}
            >
              <Trans>End session</Trans>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The /profile screen: details (name, kana, phone, email), avatar, password (the route passes the form of
 * the auth area), the signed-in sessions, each of which can be ended, and the passkeys (issue 44).
 */
export function ProfileScreen({
  passwordForm,
  notify,
  onChanged,
}: {
  passwordForm: (isStudent: boolean) => ReactNode;
  notify: Notify;
  /** Told the saved name and avatar, so the header shows them at once. */
  onChanged: (change: { name: string; avatar: string | null }) => void;
}) {
  const { i18n } = useLingui();
  const profile = useProfile();
  const sessions = useSessions();
  const thisDevice = sessions.value?.find((session) => session.current);
  // A new passkey is named after this device, as the sessions list words it ("Chrome 120 · Android").
  const deviceName = thisDevice ? deviceWords(i18n, thisDevice.device) : '';
  const [current, setCurrent] = useState<Profile | null>(null);
  const shown = current ?? profile.value;
  if (profile.failure) return <p role="alert">{errorMessage(i18n, profile.failure)}</p>;
  if (!shown) return <Skeleton className="h-64" />;
  return (
    <div className="mx-auto flex max-w-3xl min-w-0 flex-col gap-6">
      <h1 className="text-xl font-semibold">
        <Trans>Profile</Trans>
      </h1>
      {profile.stale && profile.at !== null && <AsOf at={profile.at} />}
      <Section title={<Trans>Avatar</Trans>}>
        <AvatarForm
          profile={shown}
          notify={notify}
          onSaved={(avatar) => {
            setCurrent({ ...shown, avatar });
            // Read again so the device's copy (shown offline) holds the change.
            profile.reload();
            onChanged({ name: shown.name, avatar });
          }}
        />
      </Section>
      <Section title={<Trans>Your details</Trans>}>
        <DetailsForm
          profile={shown}
          notify={notify}
          onSaved={(saved) => {
            setCurrent(saved);
            profile.reload();
            onChanged({ name: saved.name, avatar: saved.avatar });
          }}
        />
      </Section>
      <Section title={<Trans>Password</Trans>}>{passwordForm(shown.role === Role.student)}</Section>
      <Section title={<Trans>Signed-in sessions</Trans>}>
        <SessionList notify={notify} />
      </Section>
      <Section title={<Trans>Passkeys</Trans>}>
        <PasskeySection deviceName={deviceName} notify={notify} />
      </Section>
    </div>
  );
}
