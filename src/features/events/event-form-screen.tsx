import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { type EventWrite, eventWriteSchema, type VibloEvent } from '../../../domain/schemas/events';
import { errorMessage } from '../../i18n/error-messages';
import { CheckboxField } from '../../ui/checkbox-field';
import { CodedErrorNote } from '../../ui/error-note';
import { fieldBinder } from '../../ui/field-binder';
import { SaveOrCancel } from '../../ui/save-or-cancel';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { TextAreaField, TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import { issueErrors } from '../shared/issue-errors';
import { readEvent, readEventFormChoices, saveEvent } from './events-calls';

type FormValues = {
  name: string;
  start_time: string;
  end_time: string;
  description: string;
  url: string;
  university_ids: string[];
};

const EMPTY: FormValues = {
  name: '',
  start_time: '',
  end_time: '',
  description: '',
  url: '',
  university_ids: [],
};

// The server sends the school's wall clock with its offset; a datetime-local input takes the first 16 characters.
const localInput = (dateTime: string) => dateTime.slice(0, 16);

function valuesOf(event: VibloEvent): FormValues {
  return {
    name: event.name,
    start_time: localInput(event.start_time),
    end_time: localInput(event.end_time),
    description: event.description ?? '',
    url: event.url ?? '',
    university_ids: event.universities.map((university) => university.id),
  };
}

function bodyOf(values: FormValues) {
  return {
    ...values,
    description: values.description.trim() === '' ? null : values.description,
    url: values.url.trim() === '' ? null : values.url.trim(),
  };
}

/**
 * Add (`eventId` null) or edit an event (admins, online): name, start and end, description, link and the
 * universities it is for. Checked with the call's own schema (the end not before the start), then sent.
 */
export function EventFormScreen({
  eventId,
  onSaved,
  onCancel,
}: {
  eventId: string | null;
  onSaved: (event: VibloEvent) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  // The event as read (edit) or nothing yet (add). Until the read answers the form is not shown, so a late
  // answer never lands over what the admin began to type; a later read is a changed record (useLiveForm).
  const [stored, setStored] = useState<FormValues | undefined>(eventId ? undefined : EMPTY);
  const form = useLiveForm(stored, (record) => record);
  const values = form.values ?? EMPTY;
  const [universities, setUniversities] = useState<{ id: string; name: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readEventFormChoices().then((answer) => {
      if (!live) return;
      if (answer.ok) setUniversities(answer.value.universities);
      else setErrors({ form: answer.failure.code });
    });
    if (eventId) {
      void readEvent(eventId).then((answer) => {
        if (!live) return;
        if (answer.ok) setStored(valuesOf(answer.value));
        else setErrors({ form: answer.failure.code });
      });
    }
    return () => {
      live = false;
    };
  }, [eventId]);

  const set = (patch: Partial<FormValues>) => form.setValues((current) => ({ ...current, ...patch }));
  const errorOf = (field: keyof FormValues) =>
    errors[field] ? errorMessage(i18n, errors[field]) : undefined;
  const field = fieldBinder(values, set, errorOf);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = eventWriteSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const body: EventWrite = parsed.data;
    const answer = await saveEvent(eventId, body);
    setBusy(false);
    if (answer.ok) onSaved(answer.value);
    else setErrors({ [answer.failure.field ?? 'form']: answer.failure.code });
  };

  return (
    <Screen title={eventId ? <Trans>Edit event</Trans> : <Trans>Add event</Trans>} className="max-w-2xl">
      {stored === undefined ? (
        errors.form ? (
          <CodedErrorNote code={errors.form} />
        ) : (
          <Skeleton className="h-64" />
        )
      ) : (
        <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <TextField label={t`Event name`} required {...field('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField type="datetime-local" label={t`Start`} required {...field('start_time')} />
            <TextField type="datetime-local" label={t`End`} required {...field('end_time')} />
          </div>
          <TextAreaField label={t`Description`} rows={4} {...field('description')} />
          <TextField type="url" label={t`Link`} {...field('url')} />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800">
              <Trans>Universities</Trans>
            </legend>
            {universities.map((university) => (
              <CheckboxField
                key={university.id}
                label={university.name}
                checked={values.university_ids.includes(university.id)}
                onCheckedChange={(checked) =>
                  set({
                    university_ids: checked
                      ? [...values.university_ids, university.id]
                      : values.university_ids.filter((id) => id !== university.id),
                  })
                }
              />
            ))}
            {errors.university_ids && (
              <p className="text-sm text-red-700">{errorMessage(i18n, errors.university_ids)}</p>
            )}
          </fieldset>
          <CodedErrorNote code={errors.form} />
          <SaveOrCancel busy={busy} onCancel={onCancel} />
        </form>
      )}
    </Screen>
  );
}
