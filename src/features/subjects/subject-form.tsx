import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { type Subject, type SubjectWrite, subjectWriteSchema } from '../../../domain/schemas/subjects';
import { teachers$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { DatePicker } from '../../ui/date-picker';
import { CodedErrorNote } from '../../ui/error-note';
import { fieldBinder } from '../../ui/field-binder';
import { SaveOrCancel } from '../../ui/save-or-cancel';
import { SelectField } from '../../ui/select-field';
import { useLiveForm } from '../../ui/use-live-form';
import { localToday } from '../shared/local-clock';
import { type FormErrors, failureErrors, zodErrors } from './form-errors';
import { saveSubject } from './subject-calls';
import { TeacherChecks } from './teacher-checks';
import { optionsOf, useMasterNames } from './use-master-names';

type ClassRow = { class_name_id: string; teacher_ids: string[] };
type Values = Omit<SubjectWrite, 'classes' | 'semester_id'> & { classes: ClassRow[] };

const EMPTY: Values = {
  subject_name_id: '',
  university_id: '',
  faculty_id: '',
  year_code_id: '',
  start_date: '',
  end_date: '',
  classes: [{ class_name_id: '', teacher_ids: [] }],
};

function valuesOf(subject: Subject): Values {
  return {
    subject_name_id: subject.subject_name_id,
    university_id: subject.university.id,
    faculty_id: subject.faculty?.id ?? '',
    year_code_id: subject.year_code?.id ?? '',
    start_date: subject.start_date ?? '',
    end_date: subject.end_date ?? '',
    classes: subject.class_with_students.map((row) => ({
      class_name_id: row.class_name_id,
      teacher_ids: row.teachers.map((teacher) => teacher.id),
    })),
  };
}

/**
 * The subject form (admins): name from the master subject names, university, faculty, year code, period and
 * classes (class name and teachers, several). Checked here with the call's schema, then by the server
 * (`validate-subject`) before a new subject is stored.
 */
export function SubjectForm({
  subject,
  onSaved,
  onCancel,
}: {
  subject: Subject | null;
  onSaved: (subject: Subject) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const master = useMasterNames();
  const teachers = useLiveQuery((database) => teachers$(database), []) ?? [];
  // The subject is an online view re-read after saves elsewhere on its screen: a new read never replaces
  // what the admin typed (useLiveForm). A new subject starts empty.
  const form = useLiveForm<Subject | null, Values>(subject, (record) => (record ? valuesOf(record) : EMPTY));
  const values = form.values ?? EMPTY;
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Values>) => form.setValues((current) => ({ ...current, ...patch }));
  const setClass = (index: number, patch: Partial<ClassRow>) =>
    set({ classes: values.classes.map((row, at) => (at === index ? { ...row, ...patch } : row)) });
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);
  const field = fieldBinder(values, set, errorOf);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = subjectWriteSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await saveSubject(subject?.id ?? null, parsed.data);
    setBusy(false);
    if (answer.ok) {
      form.markSaved();
      onSaved(answer.value);
    } else setErrors(failureErrors(answer.failure));
  };

  return (
    <form noValidate className="flex max-w-3xl flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <ChangedMeanwhileNote form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t`Subject name`}
          required
          placeholder={t`Choose`}
          options={optionsOf(master.subjectNames)}
          {...field('subject_name_id')}
        />
        <SelectField
          label={t`University`}
          required
          placeholder={t`Choose`}
          options={optionsOf(master.universities)}
          value={values.university_id}
          error={errorOf('university_id')}
          disabled={subject !== null}
          onChange={(event) => set({ university_id: event.target.value, faculty_id: '', year_code_id: '' })}
        />
        <SelectField
          label={t`Faculty`}
          required
          placeholder={t`Choose`}
          options={optionsOf(master.faculties, values.university_id)}
          {...field('faculty_id')}
        />
        <SelectField
          label={t`Year code`}
          required
          placeholder={t`Choose`}
          options={optionsOf(master.yearCodes, values.university_id)}
          {...field('year_code_id')}
        />
        <DatePicker
          label={t`Start date`}
          required
          value={values.start_date}
          error={errorOf('start_date')}
          onChange={(start_date) => set({ start_date })}
        />
        <DatePicker
          label={t`End date`}
          required
          value={values.end_date}
          error={errorOf('end_date')}
          onChange={(end_date) => set({ end_date })}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Classes</Trans>
        </legend>
        {errorOf('classes') && <p className="text-sm text-red-700">{errorOf('classes')}</p>}
        {values.classes.map((row, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
            key={index}
            className="flex flex-col gap-2 rounded border border-slate-200 p-3"
          >
            <SelectField
              label={t`Class name`}
              required
              placeholder={t`Choose`}
              options={optionsOf(master.classNames, values.university_id)}
              value={row.class_name_id}
              error={errorOf(`classes.${index}.class_name_id`)}
              onChange={(event) => setClass(index, { class_name_id: event.target.value })}
            />
            <TeacherChecks
              teachers={teachers}
              chosen={row.teacher_ids}
              day={values.start_date || localToday()}
              error={errorOf(`classes.${index}.teacher_ids`)}
              onChange={(teacher_ids) => setClass(index, { teacher_ids })}
            />
            {values.classes.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => set({ classes: values.classes.filter((_, at) => at !== index) })}
              >
                <Trans>Remove class</Trans>
              </Button>
            )}
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => set({ classes: [...values.classes, { class_name_id: '', teacher_ids: [] }] })}
        >
          <Trans>Add class</Trans>
        </Button>
      </fieldset>
      <CodedErrorNote code={errors.form} />
      <SaveOrCancel busy={busy} onCancel={onCancel} />
    </form>
  );
}
