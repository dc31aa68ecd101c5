import { useLingui } from '@lingui/react/macro';
import { MasterKind } from '../../../domain/master-kind';
import { JlptLevel, type Student, studentWriteSchema } from '../../../domain/schemas/people';
import { useMasterDocs } from '../../db/use-master-docs';
import { errorMessage } from '../../i18n/error-messages';
import { CheckboxField } from '../../ui/checkbox-field';
import { fieldBinder } from '../../ui/field-binder';
import { SelectField, type SelectOption } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { issueErrors } from '../shared/issue-errors';

/** The JLPT levels as choices (N1 … N5). */
export const JLPT_OPTIONS: SelectOption[] = Object.values(JlptLevel).map((level) => ({
  value: String(level),
  label: `N${level}`,
}));

/** The student form's values, text as typed. */
export type StudentFormValues = {
  identity: string;
  name: string;
  name_kana: string;
  email: string;
  phone: string;
  university_id: string;
  faculty_id: string;
  year_code_id: string;
  jlpt: string;
  scholarship: boolean;
};

/** The form's start: empty, or the student being edited. */
export function studentFormValues(student: Student | null): StudentFormValues {
  return {
    identity: student?.identity ?? '',
    name: student?.name ?? '',
    name_kana: student?.name_kana ?? '',
    email: student?.email ?? '',
    phone: student?.phone ?? '',
    university_id: student?.university.id ?? '',
    faculty_id: student?.faculty?.id ?? '',
    year_code_id: student?.year_code?.id ?? '',
    jlpt: student?.jlpt ? String(student.jlpt) : '',
    scholarship: student?.scholarship ?? false,
  };
}

/** The values checked with the call's own schema: the body to send, or the field codes. */
export function checkStudentForm(values: StudentFormValues) {
  const parsed = studentWriteSchema.safeParse({
    ...values,
    name_kana: values.name_kana === '' ? null : values.name_kana,
    phone: values.phone === '' ? null : values.phone,
    jlpt: values.jlpt === '' ? null : Number(values.jlpt),
  });
  if (parsed.success) return { ok: true as const, body: parsed.data };
  return { ok: false as const, errors: issueErrors(parsed.error.issues) };
}

/** Where a student studies: a university, and a faculty and a year code of that university. */
export type StudentSchool = Pick<StudentFormValues, 'university_id' | 'faculty_id' | 'year_code_id'>;

/**
 * The university, faculty and year code choices, each with its error: the faculties and year codes offered
 * are the chosen university's, and choosing another university clears them. One student's form and the
 * school of a bulk add both use it.
 */
export function StudentSchoolFields({
  values,
  errorOf,
  onChange,
}: {
  values: StudentSchool;
  errorOf: (field: keyof StudentSchool) => string | undefined;
  onChange: (patch: Partial<StudentSchool>) => void;
}) {
  const { t } = useLingui();
  const universities = useMasterDocs(MasterKind.universities).rows;
  const faculties = useMasterDocs(MasterKind.faculties).rows;
  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows;
  const field = fieldBinder(values, onChange, errorOf);
  const ofUniversity = (rows: typeof faculties) =>
    rows
      .filter((row) => row.universityId === values.university_id)
      .map((row) => ({ value: row.id, label: row.name }));
  return (
    <>
      <SelectField
        label={t`University`}
        required
        placeholder={t`Choose a university`}
        options={universities.map((row) => ({ value: row.id, label: row.name }))}
        value={values.university_id}
        error={errorOf('university_id')}
        onChange={(event) =>
          onChange({ university_id: event.target.value, faculty_id: '', year_code_id: '' })
        }
      />
      <SelectField
        label={t`Faculty`}
        required
        placeholder={t`Choose a faculty`}
        options={ofUniversity(faculties)}
        {...field('faculty_id')}
      />
      <SelectField
        label={t`Year code`}
        required
        placeholder={t`Choose a year code`}
        options={ofUniversity(yearCodes)}
        {...field('year_code_id')}
      />
    </>
  );
}

/** The fields of one student (SPEC §5: kana ≤ 127, phone and email formats), each with its error. */
export function StudentFields({
  values,
  errors,
  onChange,
}: {
  values: StudentFormValues;
  errors: Readonly<Record<string, string>>;
  onChange: (patch: Partial<StudentFormValues>) => void;
}) {
  const { t, i18n } = useLingui();
  const errorOf = (field: keyof StudentFormValues) =>
    errors[field] ? errorMessage(i18n, errors[field]) : undefined;
  const field = fieldBinder(values, onChange, errorOf);

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <TextField label={t`Student number`} required {...field('identity')} />
      <TextField label={t`Name`} required {...field('name')} />
      <TextField label={t`Name (kana)`} {...field('name_kana')} />
      <TextField label={t`Email`} type="email" required {...field('email')} />
      <TextField label={t`Phone`} type="tel" {...field('phone')} />
      <StudentSchoolFields values={values} errorOf={errorOf} onChange={onChange} />
      <SelectField label={t`JLPT`} placeholder={t`None`} options={JLPT_OPTIONS} {...field('jlpt')} />
      <div className="flex items-end">
        <CheckboxField
          label={t`Scholarship`}
          checked={values.scholarship}
          onCheckedChange={(checked) => onChange({ scholarship: checked })}
        />
      </div>
    </div>
  );
}
