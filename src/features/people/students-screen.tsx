import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AttendanceStatus } from '../../../domain/attendance';
import { HighlightCompare } from '../../../domain/highlights';
import { MasterKind } from '../../../domain/master-kind';
import type { Student } from '../../../domain/schemas/people';
import { useMasterDocs } from '../../db/use-master-docs';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { COMPARE_LABELS } from '../../i18n/compare-labels';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import type { Column } from '../../ui/data-table';
import { Screen } from '../../ui/screen';
import { SelectField, type SelectOption } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { distinctOptions, facultyChoice, yearCodeChoice } from '../shared/distinct-options';
import { ScreenLink } from '../shared/screen-link';
import { useStudentFilterData, useStudentSearch } from './people-calls';
import { OnlineTable } from './staff-parts';
import { JLPT_OPTIONS } from './student-form';
import { activeFilters, type StudentsUrlSearch } from './student-search';

const named = (rows: readonly { id: string; name: string }[]): SelectOption[] =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/**
 * `/students`: the student search with every filter of SPEC §3, kept in the URL; the server filters and
 * pages in SQL, and the last answer of each search is shown "as of" its time offline. Names open the
 * detail when the role may (`canOpen`); teachers and admins add students.
 */
export function StudentsScreen({
  search,
  onSearchChange,
  canAdd,
  canOpen,
  onAdd,
}: {
  search: StudentsUrlSearch;
  onSearchChange: (next: StudentsUrlSearch) => void;
  canAdd: boolean;
  canOpen: boolean;
  onAdd: () => void;
}) {
  const { t, i18n } = useLingui();
  const filters = activeFilters(search);
  const view = useStudentSearch(filters);
  const universities = useMasterDocs(MasterKind.universities).rows;
  const faculties = useMasterDocs(MasterKind.faculties).rows;
  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows;
  // Year codes and faculties repeat across faculties and universities ("2025A"): the shared rule names them.
  const masterNames = new Map([...universities, ...faculties].map((row) => [row.id, row.name]));
  const choices = useStudentFilterData(search.yearCode, search.faculty).value;
  const compareOptions: SelectOption[] = Object.values(HighlightCompare).map((code) => ({
    value: String(code),
    label: i18n._(COMPARE_LABELS[code]),
  }));

  // Every change of a filter starts again from the first page.
  const set = (patch: Partial<StudentsUrlSearch>) =>
    onSearchChange(activeFilters({ ...search, ...patch, page: undefined }));
  const select = (key: keyof StudentsUrlSearch) => ({
    value: String(search[key] ?? ''),
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value || undefined }),
  });
  // A count, score or GPA condition: what is counted (where there is a choice), how it compares, and to what.
  const condition = (
    legend: ReactNode,
    counted: ReactNode,
    comparison: keyof StudentsUrlSearch,
    amount: { key: keyof StudentsUrlSearch; label: string; inputMode: 'numeric' | 'decimal' },
  ) => (
    <fieldset className="flex flex-wrap items-end gap-2 sm:col-span-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {counted}
      <SelectField label={t`Comparison`} placeholder="—" options={compareOptions} {...select(comparison)} />
      <TextField label={amount.label} inputMode={amount.inputMode} className="w-24" {...select(amount.key)} />
    </fieldset>
  );

  const columns: Column<Student>[] = [
    { key: 'identity', header: t`Student number`, cell: (row) => row.identity },
    {
      key: 'name',
      header: t`Name`,
      cell: (row) =>
        canOpen ? (
          <ScreenLink to={`/students/${row.id}`} className="text-blue-800 underline">
            {row.name}
          </ScreenLink>
        ) : (
          row.name
        ),
    },
    { key: 'university', header: t`University`, cell: (row) => row.university.name },
    { key: 'faculty', header: t`Faculty`, cell: (row) => row.faculty?.name ?? '' },
    { key: 'yearCode', header: t`Year code`, cell: (row) => row.year_code?.name ?? '' },
    { key: 'jlpt', header: t`JLPT`, cell: (row) => (row.jlpt ? `N${row.jlpt}` : '') },
  ];

  return (
    <Screen
      title={<Trans>Students</Trans>}
      action={
        canAdd && (
          <Button onClick={onAdd}>
            <Trans>Add students</Trans>
          </Button>
        )
      }
    >
      <form
        aria-label={t`Student search`}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          type="search"
          label={t`Name, number or email`}
          value={search.param ?? ''}
          onChange={(event) => set({ param: event.target.value || undefined })}
        />
        <SelectField
          label={t`University`}
          placeholder={t`All universities`}
          options={named(universities)}
          {...select('university')}
          onChange={(event) =>
            set({ university: event.target.value || undefined, faculty: undefined, yearCode: undefined })
          }
        />
        <SelectField
          label={t`Faculty`}
          placeholder={t`All faculties`}
          options={distinctOptions(
            faculties
              .filter((row) => !search.university || row.universityId === search.university)
              .map((row) => facultyChoice(row, masterNames)),
          )}
          {...select('faculty')}
        />
        <SelectField
          label={t`Year code`}
          placeholder={t`All year codes`}
          options={distinctOptions(
            yearCodes
              .filter((row) => !search.university || row.universityId === search.university)
              .map((row) => yearCodeChoice(row, masterNames)),
          )}
          {...select('yearCode')}
        />
        <SelectField label={t`JLPT`} placeholder={t`Any level`} options={JLPT_OPTIONS} {...select('jlpt')} />
        <SelectField
          label={t`Scholarship`}
          placeholder={t`Either`}
          options={[
            { value: 'true', label: t`With scholarship` },
            { value: 'false', label: t`Without scholarship` },
          ]}
          {...select('scholarship')}
        />
        <SelectField
          label={t`Subject`}
          placeholder={
            choices && choices.subjects.length > 0 ? t`All subjects` : t`Choose a faculty and year code`
          }
          options={named(choices?.subjects ?? [])}
          {...select('subject')}
        />
        <SelectField
          label={t`Lesson`}
          placeholder={t`All lessons`}
          options={named(choices?.lessons ?? [])}
          {...select('lesson')}
        />
        <SelectField
          label={t`Class`}
          placeholder={t`All classes`}
          options={named(choices?.classes ?? [])}
          {...select('classes')}
        />
        {condition(
          <Trans>Attendance count</Trans>,
          <SelectField
            label={t`Status`}
            placeholder={t`Any`}
            options={Object.values(AttendanceStatus).map((code) => ({
              value: String(code),
              label: i18n._(STATUS_LABELS[code]),
            }))}
            {...select('attendance')}
          />,
          'compareAttendance',
          { key: 'numberAttendance', label: t`Count`, inputMode: 'numeric' },
        )}
        {condition(
          <Trans>Score</Trans>,
          <SelectField
            label={t`Score name`}
            placeholder={t`Any`}
            options={named(choices?.scoreNames ?? [])}
            {...select('scoreNameId')}
          />,
          'achievement',
          { key: 'numberAchievement', label: t`Points`, inputMode: 'decimal' },
        )}
        {condition(<Trans>GPA</Trans>, null, 'grade', {
          key: 'numberGrade',
          label: t`GPA`,
          inputMode: 'decimal',
        })}
        <SelectField
          label={t`Sort by student number`}
          options={[
            { value: 'asc', label: t`Ascending` },
            { value: 'desc', label: t`Descending` },
          ]}
          value={search.sortType ?? 'asc'}
          onChange={(event) => set({ sortType: event.target.value === 'desc' ? 'desc' : undefined })}
        />
        <div className="flex items-end">
          <CheckboxField
            label={t`Across year codes`}
            checked={search.offYearCodeFilter === 'true'}
            onCheckedChange={(checked) => set({ offYearCodeFilter: checked ? 'true' : undefined })}
          />
        </div>
      </form>
      <p className="text-sm text-slate-600" aria-live="polite">
        {view.value ? t`${view.value.meta.pagination.total} students` : ''}
      </p>
      <OnlineTable
        view={view}
        caption={t`Students`}
        columns={columns}
        emptyTitle={t`No students match these filters.`}
        page={search.page ?? 1}
        onPageChange={(page) => onSearchChange({ ...filters, page })}
      />
    </Screen>
  );
}
