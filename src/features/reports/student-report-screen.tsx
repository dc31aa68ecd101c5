import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { attendanceRate, TALLY_KEYS, type TallyKey } from '../../../domain/reports';
import { studentNames$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import { formatDate, formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { SearchField } from '../../ui/search-field';
import { SelectField } from '../../ui/select-field';
import { ViewState } from '../../ui/view-state';
import { localToday } from '../shared/local-clock';
import { useStudentRecord } from '../shared/student-record';
import { type ReportColumn, ReportTable, valueColumn } from './report-table';
import './report-card-print.css';
import { Screen } from '../../ui/screen';

const collator = new Intl.Collator(undefined, { numeric: true });
// The student list offers at most this many matches; typing narrows it.
const MAX_CHOICES = 50;

/**
 * `/report/student`: one student's attendance and achievement across every subject they are enrolled in, a
 * report card an admin prints (the print stylesheet fits A4; PDF through the browser's print).
 */
export function StudentReportScreen({
  studentId,
  onChooseStudent,
}: {
  studentId: string;
  onChooseStudent: (studentId: string) => void;
}) {
  const { t } = useLingui();
  const names = useLiveQuery((database) => studentNames$(database), []);
  const [query, setQuery] = useState('');
  const choices = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return [...(names ?? new Map()).entries()]
      .filter(
        ([, person]) =>
          !needle ||
          person.name.toLowerCase().includes(needle) ||
          (person.identity ?? '').toLowerCase().includes(needle),
      )
      .sort(([, a], [, b]) => collator.compare(a.identity ?? '', b.identity ?? ''))
      .slice(0, MAX_CHOICES)
      .map(([id, person]) => ({ value: id, label: `${person.identity ?? ''} ${person.name}`.trim() }));
  }, [names, query]);
  return (
    <Screen
      title={<Trans>Student report</Trans>}
      className="report-card min-w-0"
      titleClassName="print:hidden"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:hidden">
        <SearchField value={query} onSearch={setQuery} />
        <SelectField
          label={t`Student`}
          value={studentId}
          placeholder={t`Choose`}
          options={choices}
          onChange={(event) => onChooseStudent(event.target.value)}
        />
      </div>
      {studentId && <ReportCard studentId={studentId} />}
    </Screen>
  );
}

function ReportCard({ studentId }: { studentId: string }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const view = useStudentRecord(studentId);
  const decimal = (value: number | null) => (value === null ? '—' : formatDecimal(value, locale));
  const tallyLabels: Record<TallyKey, string> = {
    present: t`Present`,
    late: t`Late`,
    unexplainedAbsence: t`Unexplained absence`,
    absent: t`Absent`,
    missing: t`Not entered`,
  };
  // The tallies are the server's, by the attendance report's rule (held sittings only, "not entered"
  // counted): counting the stored marks here would count draft, deleted and future sittings.
  const subjects = view.value?.subjects ?? [];
  type Row = (typeof subjects)[number];
  const columns: ReportColumn<Row>[] = [
    valueColumn('subject', t`Subject`, (row) => row.subject.name),
    valueColumn('class', t`Class`, (row) => row.class.name),
    ...TALLY_KEYS.map(
      (key): ReportColumn<Row> =>
        valueColumn(key, tallyLabels[key], (row) => row.tally[key], { numeric: true }),
    ),
    valueColumn('rate', t`Attendance rate (%)`, (row) => attendanceRate(row.tally), {
      numeric: true,
      show: (row) => decimal(attendanceRate(row.tally)),
    }),
    valueColumn('gpa', t`GPA`, (row) => row.achievement.gpa, {
      numeric: true,
      show: (row) => decimal(row.achievement.gpa),
    }),
    valueColumn('final', t`Final score`, (row) => row.achievement.final_score, {
      numeric: true,
      show: (row) => decimal(row.achievement.final_score),
    }),
  ];
  const student = view.value?.student;
  const printedOn = formatDate(localToday(), locale);
  return (
    <article className="flex min-w-0 flex-col gap-3" aria-label={t`Report card`}>
      <ViewState view={view} />
      {student && (
        <>
          {/* On paper the card says whose school it is, what it is and when it was printed: the screen's own
              heading and the menu do not print. The school is the student's university, the name the app
              keeps for it. */}
          <header
            data-testid="report-print-header"
            className="hidden border-b border-slate-400 pb-2 print:block"
          >
            {student.university?.name && <p className="text-sm font-semibold">{student.university.name}</p>}
            <p className="text-lg font-semibold">
              <Trans>Student report</Trans>
            </p>
            <p className="text-xs text-slate-700">
              <Trans>Printed on {printedOn}</Trans>
            </p>
          </header>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 className="text-xl font-semibold">{student.name}</h2>
              <p className="text-sm text-slate-700">
                {[student.identity, student.university?.name, student.faculty?.name, student.year_code?.name]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
              <Trans>Print or save as PDF</Trans>
            </Button>
          </div>
          <ReportTable
            title={t`Report card of ${student.name}`}
            columns={columns}
            rows={subjects}
            rowKey={(row) => row.subject.id}
            emptyTitle={t`Not enrolled in any subject.`}
            maxHeight="none"
          />
        </>
      )}
    </article>
  );
}
