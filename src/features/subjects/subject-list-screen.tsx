import { Trans, useLingui } from '@lingui/react/macro';
import { SyncCollection } from '../../../domain/sync';
import { subjectList$ } from '../../db/queries/subjects';
import { useLiveQuery } from '../../db/use-live-query';
import { Button } from '../../ui/button';
import { type Column, DataTable } from '../../ui/data-table';
import { Pagination } from '../../ui/pagination';
import { Screen } from '../../ui/screen';
import { SearchField } from '../../ui/search-field';
import { SelectField } from '../../ui/select-field';
import { useEmptyWording } from '../shared/arriving-or-empty';
import { facultyOptions, yearCodeOptions } from '../shared/distinct-options';
import { useSubjectSearch } from './subject-calls';
import { SUBJECTS_PER_PAGE, type SubjectListRow, subjectListPage } from './subject-list';
import type { SubjectListSearch } from './subject-list-search';
import { ofUniversity, optionsOf, useMasterNames } from './use-master-names';

/**
 * `/academic/subjects`: the caller's subjects from the local collection (offline too), searched by name,
 * university, year code and faculty, ten a page. Admins add subjects; a student also sees the subjects of
 * their university open to registration (online).
 */
export function SubjectListScreen({
  search,
  onSearchChange,
  canAdd,
  isStudent,
  onAdd,
  onOpen,
}: {
  search: SubjectListSearch;
  onSearchChange: (search: SubjectListSearch) => void;
  canAdd: boolean;
  isStudent: boolean;
  onAdd: () => void;
  onOpen: (subjectId: string) => void;
}) {
  const { t } = useLingui();
  const noSubjects = useEmptyWording([SyncCollection.subjects], t`No subjects`);
  const master = useMasterNames();
  const docs = useLiveQuery((database) => subjectList$(database), []);
  const page = subjectListPage(docs ?? [], master.names, search);
  const open = useSubjectSearch({ limit: 50 }, isStudent);
  const mine = new Set((docs ?? []).map((doc) => doc.id));
  const openRows = (open.value?.data ?? []).filter((subject) => !mine.has(subject.id));
  const set = (patch: Partial<SubjectListSearch>) => onSearchChange({ ...search, page: 1, ...patch });

  const columns: Column<SubjectListRow>[] = [
    {
      key: 'name',
      header: t`Subject`,
      cell: (row) => (
        <button type="button" className="text-left text-blue-800 underline" onClick={() => onOpen(row.id)}>
          {row.name}
          {row.draft && (
            <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">
              <Trans>Draft</Trans>
            </span>
          )}
        </button>
      ),
    },
    { key: 'university', header: t`University`, cell: (row) => row.university },
    { key: 'faculty', header: t`Faculty`, cell: (row) => row.faculty },
    { key: 'yearCode', header: t`Year code`, cell: (row) => row.yearCode },
    { key: 'period', header: t`Period`, cell: (row) => `${row.startDate} – ${row.endDate}` },
  ];

  return (
    <Screen
      title={<Trans>Subjects</Trans>}
      action={
        canAdd && (
          <Button onClick={onAdd}>
            <Trans>Add subject</Trans>
          </Button>
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-4">
        <SearchField value={search.param} onSearch={(param) => set({ param })} />
        <SelectField
          label={t`University`}
          placeholder={t`All`}
          options={optionsOf(master.universities)}
          value={search.university}
          onChange={(event) => set({ university: event.target.value, faculty: '', yearCode: '' })}
        />
        <SelectField
          label={t`Faculty`}
          placeholder={t`All`}
          options={facultyOptions(
            master.faculties.filter((row) => ofUniversity(row, search.university)),
            master.names,
          )}
          value={search.faculty}
          onChange={(event) => set({ faculty: event.target.value })}
        />
        <SelectField
          label={t`Year code`}
          placeholder={t`All`}
          // Year codes repeat across faculties and universities ("2025A"): each names its faculty where it does.
          options={yearCodeOptions(
            master.yearCodes.filter((row) => ofUniversity(row, search.university)),
            master.names,
          )}
          value={search.yearCode}
          onChange={(event) => set({ yearCode: event.target.value })}
        />
      </div>
      {/* Counted once the device's subjects are read: "0 of 0" while they load would say the list is empty. */}
      {docs !== undefined && (
        <p className="text-sm text-slate-600">
          <Trans>
            {page.total} of {page.all} subjects
          </Trans>
        </p>
      )}
      <DataTable
        caption={t`Subjects`}
        columns={columns}
        rows={page.rows}
        rowKey={(row) => row.id}
        loading={docs === undefined}
        emptyTitle={noSubjects}
      />
      <Pagination
        page={search.page}
        total={page.total}
        perPage={SUBJECTS_PER_PAGE}
        onPageChange={(next) => onSearchChange({ ...search, page: next })}
      />
      {isStudent && openRows.length > 0 && (
        <section aria-labelledby="open-subjects-title" className="flex flex-col gap-2">
          <h2 id="open-subjects-title" className="text-lg font-semibold">
            <Trans>Open for registration</Trans>
          </h2>
          <ul className="flex flex-col gap-1">
            {openRows.map((subject) => (
              <li key={subject.id}>
                <button type="button" className="text-blue-800 underline" onClick={() => onOpen(subject.id)}>
                  {subject.name} ({subject.start_date} – {subject.end_date})
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Screen>
  );
}
