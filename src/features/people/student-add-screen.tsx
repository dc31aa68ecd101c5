import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LIMITS } from '../../../domain/limits';
import { studentBulkRowSchema } from '../../../domain/schemas/people';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { ErrorNote } from '../../ui/error-note';
import { Screen } from '../../ui/screen';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useFormCall } from '../shared/use-form-call';
import { createStudents, saveStudent } from './people-calls';
import { NewAccountLanguageField, type Notify, useOwnLocale } from './staff-parts';
import {
  checkStudentForm,
  StudentFields,
  type StudentFormValues,
  type StudentSchool,
  StudentSchoolFields,
  studentFormValues,
} from './student-form';
import {
  cellsOfText,
  emptySheetRow,
  rowErrors,
  rowsOfCells,
  type SheetRow,
  writeOfRow,
} from './student-sheet';
import { readSheetFile } from './student-sheet-file';

/**
 * `/students/add` (teachers and admins): one student, or many at once (SPEC "bulk student add"): rows pasted
 * from a spreadsheet or read from an .xlsx/.csv file, edited in place, saved all or none; each refused cell
 * shows its error beside it. Saving goes to `/students` (SPEC §2).
 */
export function StudentAddScreen({ onSaved, notify }: { onSaved: () => void; notify: Notify }) {
  const { t } = useLingui();
  // Most visits add one student (a late enrolment); the sheet of many is one tab away (issue 42).
  const [tab, setTab] = useState('one');
  return (
    <Screen title={<Trans>Add students</Trans>}>
      <Tabs
        label={t`How to add`}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'one', label: t`One student`, content: <OneStudent onSaved={onSaved} notify={notify} /> },
          {
            value: 'bulk',
            label: t`Several students`,
            content: <BulkStudents onSaved={onSaved} notify={notify} />,
          },
        ]}
      />
    </Screen>
  );
}

function OneStudent({ onSaved, notify }: { onSaved: () => void; notify: Notify }) {
  const { t } = useLingui();
  const [values, setValues] = useState<StudentFormValues>(() => studentFormValues(null));
  const [locale, setLocale] = useState(useOwnLocale());
  const { errors, busy, onSubmit } = useFormCall({
    check: () => checkStudentForm(values),
    send: (body) => saveStudent(null, body, locale),
    notify,
    onSent: () => {
      notify({ tone: 'success', title: t`The student was added.` });
      onSaved();
    },
  });

  return (
    <form className="flex flex-col gap-4 pt-4" onSubmit={onSubmit}>
      <StudentFields
        values={values}
        errors={errors}
        onChange={(patch) => setValues({ ...values, ...patch })}
      />
      <NewAccountLanguageField value={locale} onChange={setLocale} />
      <div>
        <Button type="submit" busy={busy}>
          <Trans>Add student</Trans>
        </Button>
      </div>
    </form>
  );
}

function BulkStudents({ onSaved, notify }: { onSaved: () => void; notify: Notify }) {
  const { t, i18n } = useLingui();
  const [school, setSchool] = useState<StudentSchool>({
    university_id: '',
    faculty_id: '',
    year_code_id: '',
  });
  const [pasted, setPasted] = useState('');
  const [rows, setRows] = useState<SheetRow[]>([]);
  const [errors, setErrors] = useState<Map<string, Record<string, string>>>(new Map());
  const [schoolErrors, setSchoolErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locale, setLocale] = useState(useOwnLocale());

  const addRows = (next: SheetRow[]) => {
    const all = [...rows.filter((row) => !isBlank(row)), ...next];
    if (all.length > LIMITS.importMaxStudents) {
      setNotice(t`At most ${LIMITS.importMaxStudents} students can be added at once.`);
    } else setNotice(null);
    setRows(all.slice(0, LIMITS.importMaxStudents));
  };
  const readFile = async (file: File) => {
    const read = await readSheetFile(file);
    if (!read.ok) {
      setNotice(errorMessage(i18n, read.code));
      return;
    }
    addRows(rowsOfCells(read.cells));
  };
  const update = (key: string, patch: Partial<SheetRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    // A cell edited in place drops its error; the next save checks it again.
    setErrors((current) => {
      const next = new Map(current);
      const own = { ...next.get(key) };
      for (const field of Object.keys(patch)) delete own[field];
      next.set(key, own);
      return next;
    });
  };

  const submit = async () => {
    const bodies = rows.map((row) => writeOfRow(row, school));
    // The call's own schema first, so every malformed cell shows at once without a round trip.
    const local: Record<string, string[]> = {};
    bodies.forEach((body, index) => {
      const parsed = studentBulkRowSchema.safeParse(body);
      if (parsed.success) return;
      for (const issue of parsed.error.issues)
        local[`students.${index}.${String(issue.path[0])}`] ??= [issue.message];
    });
    const schoolFailure = Object.fromEntries(
      (['university_id', 'faculty_id', 'year_code_id'] as const).flatMap((field) =>
        school[field] === '' ? [[field, 'required']] : [],
      ),
    );
    setSchoolErrors(schoolFailure);
    if (Object.keys(local).length > 0 || Object.keys(schoolFailure).length > 0) {
      setErrors(rowErrors(rows, local));
      return;
    }
    setBusy(true);
    const answer = await createStudents(
      bodies.map((body) => studentBulkRowSchema.parse(body)),
      locale,
    );
    setBusy(false);
    if (!answer.ok) {
      const all = answer.failure.errors ?? {};
      setErrors(rowErrors(rows, all));
      const firstSchool = Object.entries(all).find(([path]) =>
        /\.(university_id|faculty_id|year_code_id)$/.test(path),
      );
      if (firstSchool)
        setSchoolErrors({ [String(firstSchool[0].split('.').at(-1))]: firstSchool[1][0] ?? '' });
      notify({ tone: 'error', title: t`Nothing was saved: correct the marked cells.` });
      return;
    }
    notify({ tone: 'success', title: t`${answer.value.students.length} students were added.` });
    onSaved();
  };

  const schoolError = (field: keyof StudentSchool) =>
    schoolErrors[field] ? errorMessage(i18n, schoolErrors[field]) : undefined;
  type TextCell = { field: Exclude<keyof SheetRow, 'key' | 'scholarship'>; label: string };
  /** One typed cell of a row, with its error. */
  const textCell = (row: SheetRow, index: number, cell: TextCell) => {
    const error = errors.get(row.key)?.[cell.field];
    return (
      <td key={cell.field} className="min-w-32 px-1">
        <TextField
          label={<span className="sr-only">{t`${cell.label}, row ${index + 1}`}</span>}
          value={row[cell.field]}
          error={error ? errorMessage(i18n, error) : undefined}
          onChange={(event) => update(row.key, { [cell.field]: event.target.value })}
        />
      </td>
    );
  };
  const cells: TextCell[] = [
    { field: 'identity', label: t`Student number` },
    { field: 'name', label: t`Name` },
    { field: 'name_kana', label: t`Name (kana)` },
    { field: 'email', label: t`Email` },
    { field: 'phone', label: t`Phone` },
    { field: 'jlpt', label: t`JLPT` },
  ];
  const guardianCells: TextCell[] = [
    { field: 'guardian_name', label: t`Guardian's name` },
    { field: 'guardian_email', label: t`Guardian's email` },
    { field: 'guardian_locale', label: t`Guardian's language` },
  ];
  const failedRows = [...errors.values()].filter((row) => Object.keys(row).length > 0).length;

  return (
    <div className="flex flex-col gap-4 pt-4">
      <p className="text-sm text-slate-600">
        <Trans>
          The students join one university, faculty and year code. Paste rows copied from a spreadsheet or
          choose an .xlsx or .csv file, with the columns: student number, name, name (kana), email, phone,
          JLPT, scholarship.
        </Trans>{' '}
        <Trans>
          Three more columns link a guardian to the student: guardian's name, guardian's email and guardian's
          language (ja, vi or en; the language above when empty). A guardian without an account is invited by
          email.
        </Trans>
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StudentSchoolFields
          values={school}
          errorOf={schoolError}
          onChange={(patch) => setSchool({ ...school, ...patch })}
        />
        <NewAccountLanguageField value={locale} onChange={setLocale} />
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium">
        <Trans>Rows from a spreadsheet</Trans>
        <textarea
          className="min-h-28 rounded-md border border-slate-300 p-2 font-mono text-sm"
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={pasted.trim() === ''}
          onClick={() => {
            addRows(rowsOfCells(cellsOfText(pasted)));
            setPasted('');
          }}
        >
          <Trans>Read pasted rows</Trans>
        </Button>
        <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 px-3 py-2 text-sm">
          <Trans>Choose a file</Trans>
          <input
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readFile(file);
              event.target.value = '';
            }}
          />
        </label>
        <Button variant="secondary" onClick={() => addRows([emptySheetRow()])}>
          <Trans>Add a row</Trans>
        </Button>
      </div>
      {notice && <ErrorNote>{notice}</ErrorNote>}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{t`Students to add`}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-1 text-left">
                  #
                </th>
                {cells.map((cell) => (
                  <th key={cell.field} scope="col" className="px-1 text-left font-medium">
                    {cell.label}
                  </th>
                ))}
                <th scope="col" className="px-1 text-left font-medium">
                  {t`Scholarship`}
                </th>
                {guardianCells.map((cell) => (
                  <th key={cell.field} scope="col" className="px-1 text-left font-medium">
                    {cell.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">{t`Remove`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const own = errors.get(row.key) ?? {};
                return (
                  <tr
                    key={row.key}
                    className="align-top"
                    aria-invalid={Object.keys(own).length > 0 || undefined}
                  >
                    <td className="px-1 py-2 tabular-nums">{index + 1}</td>
                    {cells.map((cell) => textCell(row, index, cell))}
                    <td className="px-1 pt-3">
                      <CheckboxField
                        label={<span className="sr-only">{t`Scholarship, row ${index + 1}`}</span>}
                        checked={row.scholarship}
                        onCheckedChange={(checked) => update(row.key, { scholarship: checked })}
                      />
                    </td>
                    {guardianCells.map((cell) => textCell(row, index, cell))}
                    <td className="px-1 pt-2">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t`Remove row ${index + 1}`}
                        onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                      >
                        ×
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {failedRows > 0 && <ErrorNote>{t`${failedRows} rows need correcting. Nothing was saved.`}</ErrorNote>}
      <div>
        <Button disabled={rows.length === 0} busy={busy} onClick={() => void submit()}>
          {t`Add ${rows.length} students`}
        </Button>
      </div>
    </div>
  );
}

function isBlank(row: SheetRow): boolean {
  return row.identity === '' && row.name === '' && row.email === '';
}
