import { Trans, useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import { useState } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import type { StatisticSearchRequest, StatisticSearchResponse } from '../../../domain/schemas/statistics';
import { useMasterDocs } from '../../db/use-master-docs';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { ViewState } from '../../ui/view-state';
import { facultyOptions, namesOf, yearCodeOptions } from '../shared/distinct-options';
import { ChartFigure } from './chart-figure';
import { useStatistics } from './report-calls';
import { type ReportColumn, ReportTable, valueColumn } from './report-table';

type CountRow = StatisticSearchResponse['rows'][number];

/**
 * Student count statistics (SPEC §2 "student count statistics", `POST /api/statistic/search`): the students
 * on a chosen day counted per university, faculty and year code, with the total and a chart of the counts.
 */
export function StatisticsScreen() {
  const { t } = useLingui();
  const [search, setSearch] = useState<StatisticSearchRequest>({
    university: null,
    faculty: null,
    yearCode: null,
    date: dayjs().format('YYYY-MM-DD'),
  });
  const view = useStatistics(search);
  const universities = useMasterDocs(MasterKind.universities).rows;
  const faculties = useMasterDocs(MasterKind.faculties).rows;
  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows;
  // Faculties and year codes repeat across universities ("2025A"): each names its faculty or university there.
  const names = namesOf(universities, faculties);
  const filter = (patch: Partial<StatisticSearchRequest>) =>
    setSearch((current) => ({ ...current, ...patch }));
  const none = t`None`;
  const rowLabel = (row: CountRow) =>
    [row.university.name, row.faculty?.name ?? none, row.year_code?.name ?? none].join(' / ');
  const columns: ReportColumn<CountRow>[] = [
    valueColumn('university', t`University`, (row) => row.university.name),
    valueColumn('faculty', t`Faculty`, (row) => row.faculty?.name ?? null, {
      show: (row) => row.faculty?.name ?? none,
    }),
    valueColumn('yearCode', t`Year code`, (row) => row.year_code?.name ?? null, {
      show: (row) => row.year_code?.name ?? none,
    }),
    valueColumn('count', t`Students`, (row) => row.count, { numeric: true }),
  ];
  return (
    <Screen title={<Trans>Student count statistics</Trans>} className="min-w-0">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t`University`}
          value={search.university ?? ''}
          placeholder={t`All universities`}
          options={universities.map((row) => ({ value: row.id, label: row.name }))}
          onChange={(event) =>
            filter({ university: event.target.value || null, faculty: null, yearCode: null })
          }
        />
        <SelectField
          label={t`Faculty`}
          value={search.faculty ?? ''}
          placeholder={t`All faculties`}
          options={facultyOptions(
            faculties.filter((row) => !search.university || row.universityId === search.university),
            names,
          )}
          onChange={(event) => filter({ faculty: event.target.value || null })}
        />
        <SelectField
          label={t`Year code`}
          value={search.yearCode ?? ''}
          placeholder={t`All year codes`}
          options={yearCodeOptions(
            yearCodes.filter((row) => !search.university || row.universityId === search.university),
            names,
          )}
          onChange={(event) => filter({ yearCode: event.target.value || null })}
        />
        <TextField
          label={t`Day`}
          type="date"
          value={search.date ?? ''}
          onChange={(event) => filter({ date: event.target.value || null })}
        />
      </div>
      <ViewState view={view} />
      {view.value && (
        <>
          <p className="text-lg font-medium" data-testid="statistics-total">
            {t`Total: ${view.value.total} students`}
          </p>
          <ReportTable
            title={t`Students per university, faculty and year code`}
            columns={columns}
            rows={view.value.rows}
            rowKey={(row) => rowLabel(row)}
            emptyTitle={t`No students on this day.`}
          />
          <ChartFigure
            title={t`Students per faculty and year code`}
            kind="bar"
            points={view.value.rows.map((row) => ({ label: rowLabel(row), value: row.count }))}
            labelHeader={t`Group`}
            valueHeader={t`Students`}
          />
        </>
      )}
    </Screen>
  );
}
