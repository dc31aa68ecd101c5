import { useLingui } from '@lingui/react/macro';
import { MasterKind } from '../../../domain/master';
import { useMasterDocs } from '../../db/use-master-docs';
import { CheckboxField } from '../../ui/checkbox-field';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

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
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The first code of each field of a failed call, for the form's fields. */
export function fieldErrors(errors: Readonly<Record<string, readonly string[]>> | undefined) {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, codes]) => [field, codes[0] ?? '']));
}

/** The first code of each field of a failed parse with the call's own schema. */
export function issueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}
