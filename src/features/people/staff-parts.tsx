import { useLingui } from '@lingui/react/macro';
import { type Dispatch, type ReactNode, type SetStateAction, useState } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import { useMasterDocs } from '../../db/use-master-docs';
import type { OnlineView } from '../../db/use-online-view';
import { isLocale, LOCALE_ENDONYMS, LOCALES, type Locale, localeOrDefault } from '../../i18n/i18n';
import { AsOf } from '../../ui/as-of';
import { CheckboxField } from '../../ui/checkbox-field';
import { type Column, DataTable } from '../../ui/data-table';
import { CodedErrorNote, ErrorNote } from '../../ui/error-note';
import { Pagination } from '../../ui/pagination';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { ScreenLink } from '../shared/screen-link';

/** The staff lists' search: name or email, and a university. */
export type StaffFilter = { param: string; university: string; page: number };

/** The university names of a staff member's ids, joined. */
export function useUniversityNames(): (ids: readonly string[]) => string {
  const universities = useMasterDocs(MasterKind.universities).rows;
  const names = new Map(universities.map((row) => [row.id, row.name]));
  return (ids) =>
    ids
      .map((id) => names.get(id) ?? '')
      .filter(Boolean)
      .join('、');
}

/** What every staff list shows of a person. */
type StaffRow = { id: string; name: string; email: string; university_ids: readonly string[] };

/**
 * The columns every staff list starts with: name (a link to the person's screen when `hrefOf` is given),
 * email and universities.
 */
export function useStaffColumns<Row extends StaffRow>(hrefOf?: (row: Row) => string): Column<Row>[] {
  const { t } = useLingui();
  const universityNames = useUniversityNames();
  return [
    {
      key: 'name',
      header: t`Name`,
      cell: (row) =>
        hrefOf ? (
          <ScreenLink to={hrefOf(row)} className="text-blue-800 underline">
            {row.name}
          </ScreenLink>
        ) : (
          row.name
        ),
    },
    { key: 'email', header: t`Email`, cell: (row) => <span className="break-all">{row.email}</span> },
    { key: 'universities', header: t`Universities`, cell: (row) => universityNames(row.university_ids) },
  ];
}

/** A staff list's search, from its first page. */
export function useStaffFilter(): [StaffFilter, Dispatch<SetStateAction<StaffFilter>>] {
  return useState<StaffFilter>({ param: '', university: '', page: 1 });
}

/** A staff list: its search fields, then the paged online table of what they find. */
export function FilteredStaffTable<Row extends StaffRow>({
  filter,
  onFilterChange,
  ...table
}: {
  filter: StaffFilter;
  onFilterChange: (filter: StaffFilter) => void;
  view: OnlineView<PagedAnswer<Row>>;
  caption: string;
  columns: readonly Column<Row>[];
  emptyTitle: string;
}) {
  return (
    <>
      <StaffFilterFields filter={filter} onChange={onFilterChange} />
      <OnlineTable
        {...table}
        page={filter.page}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
      />
    </>
  );
}

/** A staff list's screen: its title with an action beside it (an invitation), then the filtered table. */
export function StaffListScreen<Row extends StaffRow>({
  title,
  action,
  ...table
}: Parameters<typeof FilteredStaffTable<Row>>[0] & {
  title: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Screen title={title} action={action}>
      <FilteredStaffTable {...table} />
    </Screen>
  );
}

/** The search fields above a staff list. */
export function StaffFilterFields({
  filter,
  onChange,
}: {
  filter: StaffFilter;
  onChange: (next: StaffFilter) => void;
}) {
  const { t } = useLingui();
  const universities = useMasterDocs(MasterKind.universities).rows;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <TextField
        type="search"
        label={t`Name or email`}
        value={filter.param}
        onChange={(event) => onChange({ ...filter, param: event.target.value, page: 1 })}
      />
      <SelectField
        label={t`University`}
        placeholder={t`All universities`}
        options={universities.map((row) => ({ value: row.id, label: row.name }))}
        value={filter.university}
        onChange={(event) => onChange({ ...filter, university: event.target.value, page: 1 })}
      />
    </div>
  );
}

/** Rows per page of the staff lists. */
const STAFF_PAGE_SIZE = 20;

/** The staff query of a filter (empty filters left out). */
export function staffQuery(filter: StaffFilter) {
  return {
    page: filter.page,
    limit: STAFF_PAGE_SIZE,
    ...(filter.param ? { param: filter.param } : {}),
    ...(filter.university ? { university: filter.university } : {}),
  };
}

/** The universities a staff member works at, as check boxes (at least one). */
export function UniversityChecks({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const universities = useMasterDocs(MasterKind.universities).rows;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{t`Universities`}</legend>
      {universities.map((row) => (
        <CheckboxField
          key={row.id}
          label={row.name}
          checked={value.includes(row.id)}
          onCheckedChange={(checked) =>
            onChange(checked ? [...value, row.id] : value.filter((id) => id !== row.id))
          }
        />
      ))}
      {error && <ErrorNote>{error}</ErrorNote>}
    </fieldset>
  );
}

/** A toast the people screens raise. */
export type Notify = (notice: { tone: 'success' | 'error'; title: string }) => void;

/** What of an online view its notices read. */
export type OnlineViewNotices = Pick<OnlineView<unknown>, 'stale' | 'at' | 'failure'>;

/** What an online view shows above its content: "as of" when it is a stored answer, and its failure. */
export function ViewNotices({ view }: { view: OnlineViewNotices }) {
  return (
    <>
      {view.stale && view.at !== null && <AsOf at={view.at} />}
      <CodedErrorNote code={view.failure} />
    </>
  );
}

/** A paged list answer of the people calls. */
type PagedAnswer<Row> = { data: Row[]; meta: { pagination: { total: number; per_page: number } } };

/** One online, paged list: its notices, the table and the pager. */
export function OnlineTable<Row extends { id: string }>({
  view,
  caption,
  columns,
  emptyTitle,
  page,
  onPageChange,
}: {
  view: OnlineView<PagedAnswer<Row>>;
  caption: string;
  columns: readonly Column<Row>[];
  emptyTitle: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <>
      <ViewNotices view={view} />
      <DataTable
        caption={caption}
        columns={columns}
        rows={view.value?.data ?? []}
        rowKey={(row) => row.id}
        loading={view.value === null && view.failure === null}
        emptyTitle={emptyTitle}
      />
      {view.value && (
        <Pagination
          page={page}
          total={view.value.meta.pagination.total}
          perPage={view.value.meta.pagination.per_page}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}

/**
 * The language a new account starts in, which its invitation mail is written in (issue 42): the inviting
 * user's own language until changed. Each language is named in itself, as the language switch names it.
 */
export function NewAccountLanguageField({
  value,
  onChange,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      label={t`Language of the invitation`}
      hint={t`The new account starts in this language; its invitation mail is written in it.`}
      value={value}
      options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_ENDONYMS[locale] }))}
      onChange={(event) => {
        if (isLocale(event.target.value)) onChange(event.target.value);
      }}
    />
  );
}

/** The language a new account starts in by default: the signed-in user's own. */
export function useOwnLocale(): Locale {
  const { i18n } = useLingui();
  return localeOrDefault(i18n.locale);
}
