import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CallFailure } from '../../api/call-api';
import { errorMessage } from '../../i18n/error-messages';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { CodedErrorNote } from '../../ui/error-note';
import { SaveOrCancel } from '../../ui/save-or-cancel';
import { TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import { fieldErrors } from '../shared/issue-errors';
import { UniversityChecks } from './staff-parts';

/** What the staff edit form changes: name, universities and, for a teacher, the retirement date. */
export type StaffEdit = { name: string; university_ids: string[]; retire_at: string | null };

/**
 * Edits a teacher or an observer (admins): the save runs `save`, whose refusal shows under the fields. A
 * retired teacher is offered for no date after `retire_at` (SPEC §5 copy form).
 */
export function StaffEditForm({
  initial,
  withRetireDate,
  save,
  onDone,
}: {
  initial: StaffEdit;
  withRetireDate: boolean;
  save: (edit: StaffEdit) => Promise<{ ok: true } | { ok: false; failure: CallFailure }>;
  onDone: (saved: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  // The teacher or observer as last read: a new read never replaces what the admin typed (useLiveForm).
  const form = useLiveForm<StaffEdit, StaffEdit>(initial, (stored) => stored);
  const edit = form.values ?? initial;
  const setEdit = form.setValues;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);
  const submit = async () => {
    setBusy(true);
    const answer = await save(edit);
    setBusy(false);
    if (!answer.ok) {
      setErrors({
        ...fieldErrors(answer.failure.errors),
        ...(answer.failure.field ? {} : { form: answer.failure.code }),
      });
      return;
    }
    onDone(true);
  };
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ChangedMeanwhileNote form={form} />
      <TextField
        label={t`Name`}
        required
        value={edit.name}
        error={errorOf('name')}
        onChange={(event) => setEdit({ ...edit, name: event.target.value })}
      />
      <UniversityChecks
        value={edit.university_ids}
        onChange={(ids) => setEdit({ ...edit, university_ids: ids })}
        error={errorOf('university_ids')}
      />
      {withRetireDate && (
        <TextField
          label={t`Retirement date`}
          type="date"
          value={edit.retire_at ?? ''}
          error={errorOf('retire_at')}
          onChange={(event) => setEdit({ ...edit, retire_at: event.target.value || null })}
        />
      )}
      <CodedErrorNote code={errors.form} />
      <SaveOrCancel busy={busy} onCancel={() => onDone(false)} />
    </form>
  );
}
