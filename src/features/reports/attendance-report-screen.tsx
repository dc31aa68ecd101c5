import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { attendanceRate, TALLY_KEYS, type TallyKey } from '../../../domain/reports';
import type { AttendanceReport, AttendanceTally } from '../../../domain/schemas/reports';
import { formatDate, formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { CodedErrorNote } from '../../ui/error-note';
import { Screen } from '../../ui/screen';
import { Tabs } from '../../ui/tabs';
import { ViewState } from '../../ui/view-state';
import { useSubjectNames } from '../shared/use-class-names';
import { rateByClass, rateBySittingDay } from './chart-data';
import { ChartFigure } from './chart-figure';
import {
  useAttendanceReportClasses,
  useAttendanceReportFilter,
  useAttendanceReportStudents,
  useReportDefaultFilter,
} from './report-calls';
import { type ReportColumn, ReportTable, studentColumns, valueColumn } from './report-table';
import { SubjectCascade } from './subject-cascade';

/** The tab of the attendance report (SPEC §2: students and classes tabs). */
export type AttendanceReportTab = 'students' | 'classes';

/**
 * `/report/attendance`: the filter of SPEC §3 leading to a subject, then its students tab (one row per
 * student) and classes tab (one row per class, with the rate per sitting over the term), each sortable and
 * exported to Excel, each chart with its numbers in a table. Online-only: offline it shows the last answer.
 */
export function AttendanceReportScreen({
  subjectId,
  tab,
  onChooseSubject,
  onTabChange,
}: {
  subjectId: string;
  tab: AttendanceReportTab;
  onChooseSubject: (subjectId: string, replace: boolean) => void;
  onTabChange: (tab: AttendanceReportTab) => void;
}) {
  const { t } = useLingui();
  return (
    <Screen title={<Trans>Attendance report</Trans>} className="min-w-0">
      {subjectId ? (
        <ChosenSubjectFilter subjectId={subjectId} onChooseSubject={onChooseSubject} />
      ) : (
        <OpeningFilter onChooseSubject={onChooseSubject} />
      )}
      {subjectId && (
        <Tabs
          label={t`Attendance report`}
          value={tab}
          onValueChange={(value) => onTabChange(value === 'classes' ? 'classes' : 'students')}
          items={[
            { value: 'students', label: t`Students`, content: <StudentsTab subjectId={subjectId} /> },
            { value: 'classes', label: t`Classes`, content: <ClassesTab subjectId={subjectId} /> },
          ]}
        />
      )}
    </Screen>
  );
}

/** With no subject chosen, the report opens on the default filter's subject (the latest one the user sees). */
function OpeningFilter({
  onChooseSubject,
}: {
  onChooseSubject: (subjectId: string, replace: boolean) => void;
}) {
  const opening = useReportDefaultFilter();
  const subjectId = opening.value?.subjectId ?? null;
  useEffect(() => {
    if (subjectId) onChooseSubject(subjectId, true);
  }, [subjectId, onChooseSubject]);
  return (
    <>
      <SubjectCascade initial={null} onChooseSubject={(id) => onChooseSubject(id, false)} />
      <CodedErrorNote code={opening.failure} />
    </>
  );
}

/** The cascade set from the subject's own filter (SPEC §3 defaultFilter of the report calls). */
function ChosenSubjectFilter({
  subjectId,
  onChooseSubject,
}: {
  subjectId: string;
  onChooseSubject: (subjectId: string, replace: boolean) => void;
}) {
  const filter = useAttendanceReportFilter(subjectId);
  return (
    <SubjectCascade
      key={filter.value ? subjectId : 'loading'}
      initial={filter.value?.defaultFilter ?? null}
      onChooseSubject={(id) => onChooseSubject(id, false)}
    />
  );
}

/** What the report is of, for its export: the subject and its year code. */
function useReportAbout(subjectId: string): string {
  const names = useSubjectNames(subjectId);
  return [names.subject, names.yearCode].filter(Boolean).join(' · ');
}

/** A tally label's words. */
function useTallyLabels(): Record<TallyKey, string> {
  const { t } = useLingui();
  return {
    present: t`Present`,
    late: t`Late`,
    unexplainedAbsence: t`Unexplained absence`,
    absent: t`Absent`,
    missing: t`Not entered`,
  };
}

/** The tally and rate columns shared by both tabs. */
function useTallyColumns<Row>(tallyOf: (row: Row) => AttendanceTally): ReportColumn<Row>[] {
  const { t, i18n } = useLingui();
  const labels = useTallyLabels();
  const locale = localeOrDefault(i18n.locale);
  const percent = (value: number | null) => (value === null ? '—' : `${formatDecimal(value, locale)} %`);
  return [
    ...TALLY_KEYS.map(
      (key): ReportColumn<Row> =>
        valueColumn(key, labels[key], (row) => tallyOf(row)[key], { numeric: true }),
    ),
    valueColumn('rate', t`Attendance rate (%)`, (row) => attendanceRate(tallyOf(row)), {
      numeric: true,
      show: (row) => percent(attendanceRate(tallyOf(row))),
    }),
  ];
}

type StudentRow = AttendanceReport['students'][number];

function StudentsTab({ subjectId }: { subjectId: string }) {
  const { t } = useLingui();
  const about = useReportAbout(subjectId);
  const view = useAttendanceReportStudents(subjectId);
  const tallyColumns = useTallyColumns<StudentRow>((row) => row.tally);
  const columns: ReportColumn<StudentRow>[] = [
    ...studentColumns<StudentRow>(
      (row) => ({ id: row.id, identity: row.identity, name: row.name, className: row.class.name }),
      { identity: t`Student ID`, name: t`Student`, className: t`Class` },
    ),
    ...tallyColumns,
    valueColumn('highlights', t`Highlights met`, (row) => row.highlights_met, { numeric: true }),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ViewState view={view} />
      {view.value && (
        <ReportTable
          title={t`Attendance by student`}
          about={about}
          columns={columns}
          rows={view.value.students}
          rowKey={(row) => `${row.id}:${row.class.id}`}
          emptyTitle={t`No students in this subject.`}
        />
      )}
    </div>
  );
}

type ClassRow = AttendanceReport['classes'][number];

function ClassesTab({ subjectId }: { subjectId: string }) {
  const { t, i18n } = useLingui();
  const about = useReportAbout(subjectId);
  const view = useAttendanceReportClasses(subjectId);
  const [chosenClass, setChosenClass] = useState('');
  const tallyColumns = useTallyColumns<ClassRow>((row) => row.tally);
  const locale = localeOrDefault(i18n.locale);
  const columns: ReportColumn<ClassRow>[] = [
    valueColumn('class', t`Class`, (row) => row.name),
    valueColumn('students', t`Students`, (row) => row.students_count, { numeric: true }),
    ...tallyColumns,
  ];
  const classes = view.value?.classes ?? [];
  const shownClasses = chosenClass ? classes.filter((row) => row.id === chosenClass) : classes;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ViewState view={view} />
      {view.value && (
        <>
          <ReportTable
            title={t`Attendance by class`}
            about={about}
            columns={columns}
            rows={classes}
            rowKey={(row) => row.id}
            emptyTitle={t`No classes in this subject.`}
          />
          <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium sm:flex-row sm:items-center sm:gap-2">
                <Trans>Sittings of</Trans>
                <select
                  className="rounded-md border border-slate-300 px-2 py-1"
                  value={chosenClass}
                  onChange={(event) => setChosenClass(event.target.value)}
                >
                  <option value="">{t`All classes`}</option>
                  {classes.map((row) => (
                    <option key={row.id} value={row.id}>
                      {row.name}
                    </option>
                  ))}
                </select>
              </label>
              <ChartFigure
                title={t`Attendance rate per sitting day (%)`}
                kind="line"
                max={100}
                points={rateBySittingDay(shownClasses, (day) => formatDate(day, locale))}
                labelHeader={t`Day`}
                valueHeader={t`Attendance rate (%)`}
              />
            </div>
            <ChartFigure
              title={t`Attendance rate per class (%)`}
              kind="bar"
              max={100}
              points={rateByClass(classes)}
              labelHeader={t`Class`}
              valueHeader={t`Attendance rate (%)`}
            />
          </div>
        </>
      )}
    </div>
  );
}
