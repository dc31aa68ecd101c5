import { Trans, useLingui } from '@lingui/react/macro';
import type { Teacher } from '../../../domain/schemas/people';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import type { Column } from '../../ui/data-table';
import { useTeachers } from './people-calls';
import { StaffListScreen, staffQuery, useStaffColumns, useStaffFilter } from './staff-parts';

/** `/teachers` (staff but 3): teachers by name with their universities and retirement; admins invite. */
export function TeachersScreen({ canInvite, onInvite }: { canInvite: boolean; onInvite: () => void }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const [filter, setFilter] = useStaffFilter();
  const view = useTeachers(staffQuery(filter));
  const columns: Column<Teacher>[] = [
    ...useStaffColumns<Teacher>((row) => `/teachers/${row.id}`),
    {
      key: 'retire',
      header: t`Retires`,
      cell: (row) => (row.deactive?.retire_at ? formatDate(row.deactive.retire_at, locale) : ''),
    },
  ];
  return (
    <StaffListScreen
      title={<Trans>Teachers</Trans>}
      action={
        canInvite && (
          <Button onClick={onInvite}>
            <Trans>Invite a teacher</Trans>
          </Button>
        )
      }
      filter={filter}
      onFilterChange={setFilter}
      view={view}
      caption={t`Teachers`}
      columns={columns}
      emptyTitle={t`No teachers found.`}
    />
  );
}
