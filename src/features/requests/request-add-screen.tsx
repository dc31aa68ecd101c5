import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LIMITS } from '../../../domain/limits';
import { RequestOption, requestOptionNeeds } from '../../../domain/requests';
import { SyncCollection } from '../../../domain/sync';
import { useDatabase } from '../../db/database-context';
import type { StudentWho } from '../../db/queries/people';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { fieldBinder } from '../../ui/field-binder';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { Spinner } from '../../ui/spinner';
import { NumberField, TextAreaField } from '../../ui/text-field';
import { ArrivingOrEmpty } from '../shared/arriving-or-empty';
import { fileRequests, filingErrors, type RequestFiling } from './request-commands';
import { type FormChoices, type SittingChoice, sittingRange } from './request-form';
import { OPTION_LABELS } from './request-labels';
import { useRequestFormChoices } from './use-requests';

type Values = {
  option: string;
  subjectId: string;
  classId: string;
  fromId: string;
  toId: string;
  scoreNameId: string;
  lateMinutes: string;
  points: string;
  content: string;
};

const EMPTY: Values = {
  option: String(RequestOption.late),
  subjectId: '',
  classId: '',
  fromId: '',
  toId: '',
  scoreNameId: '',
  lateMinutes: '',
  points: '',
  content: '',
};

/** A typed number, or the text itself so the schema names it invalid; empty is null. */
function numberOf(text: string): number | null {
  if (text.trim() === '') return null;
  return Number(text);
}

/** The filing the form's values stand for. */
function filingOf(choices: FormChoices, values: Values, filedBy: string | null): RequestFiling {
  const option = Number(values.option) as RequestOption;
  const needs = requestOptionNeeds(option);
  const subject = choices.subjects.find((row) => row.id === values.subjectId);
  const sittings = subject?.classes.find((row) => row.id === values.classId)?.sittings ?? [];
  return {
    studentId: choices.studentId,
    universityId: subject?.universityId ?? '',
    filedBy,
    scheduleIds: needs.schedule ? sittingRange(sittings, values.fromId, values.toId) : [],
    body: {
      option,
      subject_id: values.subjectId,
      class_id: values.classId,
      score_name_id: needs.scoreName && values.scoreNameId ? values.scoreNameId : null,
      late_minutes: needs.lateMinutes ? numberOf(values.lateMinutes) : null,
      points: needs.scoreName ? numberOf(values.points) : null,
      content: values.content.trim(),
    },
  };
}

/**
 * The values a form opens with: empty, or, when it is opened on one sitting of the student's classes (a
 * guardian's "excuse" on the child's day, issue 43), that sitting with its subject and class and `option`.
 */
function initialValues(choices: FormChoices, sittingId: string | undefined, option: RequestOption): Values {
  const start = { ...EMPTY, option: String(option) };
  if (!sittingId) return start;
  for (const subject of choices.subjects) {
    for (const klass of subject.classes) {
      if (klass.sittings.some((row) => row.id === sittingId))
        return { ...start, subjectId: subject.id, classId: klass.id, fromId: sittingId };
    }
  }
  return start;
}

/**
 * The request form (SPEC §2 /requests/add, students; a guardian's for their child, issue 43): the option, the
 * subject and class, the sittings (one, or a range of them for one excuse covering several days: beyond the
 * SPEC, one request per sitting) or the score concerned, late minutes, and the content. The choices come from
 * this device and the request is stored here, so it is filed offline too and sent when online. `options`
 * narrows the kinds offered (the first is chosen); `sittingId` opens the form on one sitting.
 */
export function RequestAddScreen({
  who,
  filedBy = null,
  options = Object.values(RequestOption),
  sittingId,
  onFiled,
}: {
  who: StudentWho;
  /** The guardian filing for their child (issue 43); null for the student's own. */
  filedBy?: string | null;
  options?: readonly RequestOption[];
  sittingId?: string;
  onFiled: (count: number) => void;
}) {
  const { t } = useLingui();
  const choices = useRequestFormChoices(who);
  if (choices === undefined) return <Spinner label={t`Loading`} />;
  if (choices === null || choices.subjects.length === 0) {
    return (
      <ArrivingOrEmpty
        collections={[SyncCollection.subjects]}
        empty={t`You are not enrolled in any class yet.`}
      />
    );
  }
  return (
    <RequestForm
      choices={choices}
      filedBy={filedBy}
      options={options}
      initial={initialValues(choices, sittingId, options[0] ?? RequestOption.late)}
      onFiled={onFiled}
    />
  );
}

/**
 * A required choice among rows of this device (a subject, class, sitting or score): its id is the value,
 * its refusal code is translated by the form.
 */
function RowSelect<Row extends { id: string }>({
  rows,
  labelOf,
  onPick,
  required = true,
  ...props
}: {
  label: string;
  placeholder: string;
  value: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  rows: readonly Row[];
  labelOf: (row: Row) => string;
  onPick: (id: string) => void;
}) {
  return (
    <SelectField
      {...props}
      required={required}
      onChange={(event) => onPick(event.target.value)}
      options={rows.map((row) => ({ value: row.id, label: labelOf(row) }))}
    />
  );
}

const nameOf = (row: { name: string }) => row.name;

function RequestForm({
  choices,
  filedBy,
  options,
  initial,
  onFiled,
}: {
  choices: FormChoices;
  filedBy: string | null;
  options: readonly RequestOption[];
  initial: Values;
  onFiled: (count: number) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const database = useDatabase();
  // What the user types is theirs: live changes of the choices never reset it.
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const option = Number(values.option) as RequestOption;
  const needs = requestOptionNeeds(option);
  const subject = choices.subjects.find((row) => row.id === values.subjectId);
  const klass = subject?.classes.find((row) => row.id === values.classId);
  const sittings = klass?.sittings ?? [];
  const sittingLabel = (row: SittingChoice) =>
    `${formatDate(row.day, locale)} ${row.startTime} ${row.lessonName}`;
  const fromIndex = sittings.findIndex((row) => row.id === values.fromId);
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);
  const field = fieldBinder(values, set, errorOf);

  const submit = async () => {
    if (!database) return;
    const filing = filingOf(choices, values, filedBy);
    const found = filingErrors(filing);
    if (needs.schedule && filing.scheduleIds.length === 0) found.schedule_id = 'required';
    if (!values.subjectId) found.subject_id = 'required';
    if (!values.classId) found.class_id = 'required';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setBusy(true);
    const ids = await fileRequests(database, filing);
    setBusy(false);
    if (ids) onFiled(ids.length);
  };

  return (
    <Screen title={<Trans>New request</Trans>} className="max-w-2xl">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SelectField
          label={t`Request`}
          required
          value={values.option}
          onChange={(event) =>
            set({ option: event.target.value, scoreNameId: '', points: '', lateMinutes: '' })
          }
          options={options.map((value) => ({
            value: String(value),
            label: i18n._(OPTION_LABELS[value]),
          }))}
        />
        <RowSelect
          label={t`Subject`}
          placeholder={t`Choose a subject`}
          value={values.subjectId}
          error={errorOf('subject_id')}
          rows={choices.subjects}
          labelOf={nameOf}
          onPick={(subjectId) => {
            const next = choices.subjects.find((row) => row.id === subjectId);
            const only = next?.classes.length === 1 ? (next.classes[0]?.id ?? '') : '';
            set({ subjectId, classId: only, fromId: '', toId: '', scoreNameId: '' });
          }}
        />
        <RowSelect
          label={t`Class`}
          placeholder={t`Choose a class`}
          value={values.classId}
          error={errorOf('class_id')}
          disabled={!subject}
          rows={subject?.classes ?? []}
          labelOf={nameOf}
          onPick={(classId) => set({ classId, fromId: '', toId: '' })}
        />
        {needs.schedule && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <RowSelect
              label={t`Sitting`}
              placeholder={t`Choose a sitting`}
              value={values.fromId}
              error={errorOf('schedule_id')}
              disabled={!klass}
              rows={sittings}
              labelOf={sittingLabel}
              onPick={(fromId) => set({ fromId, toId: '' })}
            />
            <RowSelect
              label={t`Until (for several sittings)`}
              hint={t`One request is filed for each sitting of the range.`}
              placeholder={t`Only this sitting`}
              required={false}
              value={values.toId}
              disabled={fromIndex < 0}
              rows={sittings.slice(fromIndex + 1)}
              labelOf={sittingLabel}
              onPick={(toId) => set({ toId })}
            />
          </div>
        )}
        {needs.lateMinutes && (
          <NumberField
            label={t`Late minutes`}
            required
            min={1}
            max={LIMITS.lateMinutesMax}
            step={1}
            inputMode="numeric"
            hint={t`A whole number from 1 to ${LIMITS.lateMinutesMax}.`}
            value={values.lateMinutes}
            error={errorOf('late_minutes')}
            onChange={(event) => set({ lateMinutes: event.target.value })}
          />
        )}
        {needs.scoreName && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <RowSelect
              label={t`Score`}
              placeholder={t`Choose a score`}
              value={values.scoreNameId}
              error={errorOf('score_name_id')}
              disabled={!subject}
              rows={subject?.scoreNames ?? []}
              labelOf={(row) => `${row.name} (/${row.fullScore})`}
              onPick={(scoreNameId) => set({ scoreNameId })}
            />
            <NumberField label={t`Score you expected`} required min={0} step={0.01} {...field('points')} />
          </div>
        )}
        <TextAreaField
          label={t`Content`}
          required
          maxLength={LIMITS.requestContentMaxLength}
          hint={`${values.content.length} / ${LIMITS.requestContentMaxLength}`}
          {...field('content')}
        />
        <div>
          <Button type="submit" busy={busy}>
            <Trans>File the request</Trans>
          </Button>
        </div>
      </form>
    </Screen>
  );
}
