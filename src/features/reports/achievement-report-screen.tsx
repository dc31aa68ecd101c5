import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import { averageOf, scoreBins } from '../../../domain/reports';
import type { ReportClass } from '../../../domain/schemas/reports';
import { useMasterDocs } from '../../db/use-master-docs';
import { formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { ViewState } from '../../ui/view-state';
import { classChoice, distinctOptions } from '../shared/distinct-options';
import { gpaBandPoints, scoreBinPoints } from './chart-data';
import { ChartFigure } from './chart-figure';
import {
  useReportClasses,
  useReportDefaultFilter,
  useReportFaculties,
  useReportSubjectNames,
  useReportSubScores,
  useReportYearCodeSubScores,
  useReportYearCodes,
} from './report-calls';
import { type ReportColumn, ReportTable, studentColumns, valueColumn } from './report-table';

type Choice = { universityId: string; subjectNameId: string; facultyId: string; yearCodeId: string };
const LEVELS = ['universityId', 'subjectNameId', 'facultyId', 'yearCodeId'] as const;

/** Sets one level of the cascade and clears those under it. */
function choose(choice: Choice, level: (typeof LEVELS)[number], value: string): Choice {
  const next = { ...choice, [level]: value };
  for (const below of LEVELS.slice(LEVELS.indexOf(level) + 1)) next[below] = '';
  return next;
}

/** A number to two places, or a dash. */
function useDecimal() {
  const { i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  return (value: number | null) => (value === null ? '—' : formatDecimal(value, locale));
}

/**
 * `/report/achievement`: university → subject name → faculty → year code from the report calls, the classes
 * of that choice with their size and GPA average and its distribution, and an exam's sub-scores per student
 * with their averages per year code. Opens on the default filter's subject.
 */
export function AchievementReportScreen() {
  const opening = useReportDefaultFilter();
  const start = opening.value;
  if (!start && !opening.failure) return <ViewState view={opening} />;
  return (
    <AchievementReport
      initial={{
        universityId: start?.universityId ?? '',
        subjectNameId: start?.subjectNameId ?? '',
        facultyId: start?.facultyId ?? '',
        yearCodeId: start?.yearCodeId ?? '',
      }}
    />
  );
}

function AchievementReport({ initial }: { initial: Choice }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<Choice>(initial);
  const universities = useMasterDocs(MasterKind.universities).rows;
  const set = (level: (typeof LEVELS)[number]) => (event: { target: { value: string } }) =>
    setChoice((current) => choose(current, level, event.target.value));
  const complete = LEVELS.every((level) => choice[level] !== '');
  return (
    <Screen title={<Trans>Achievement report</Trans>} className="min-w-0">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t`University`}
          value={choice.universityId}
          placeholder={t`Choose`}
          options={universities.map((row) => ({ value: row.id, label: row.name }))}
          onChange={set('universityId')}
        />
        {choice.universityId ? (
          <SubjectNameLevel choice={choice} onChange={set('subjectNameId')} />
        ) : (
          <LevelField
            label={t`Subject`}
            value=""
            onChange={set('subjectNameId')}
            options={undefined}
            disabled
          />
        )}
        {choice.subjectNameId ? (
          <FacultyLevel choice={choice} onChange={set('facultyId')} />
        ) : (
          <LevelField label={t`Faculty`} value="" onChange={set('facultyId')} options={undefined} disabled />
        )}
        {choice.facultyId ? (
          <YearCodeLevel choice={choice} onChange={set('yearCodeId')} />
        ) : (
          <LevelField
            label={t`Year code`}
            value=""
            onChange={set('yearCodeId')}
            options={undefined}
            disabled
          />
        )}
      </div>
      {complete && (
        <ClassesSection
          universityId={choice.universityId}
          subjectNameId={choice.subjectNameId}
          facultyId={choice.facultyId}
          yearCodeId={choice.yearCodeId}
        />
      )}
    </Screen>
  );
}

type Options = readonly { id: string; name: string }[] | undefined;

type LevelProps = { choice: Choice; onChange: (event: { target: { value: string } }) => void };

// Each level below the university asks its report call only once the level above is chosen.
function SubjectNameLevel({ choice, onChange }: LevelProps) {
  const { t } = useLingui();
  const view = useReportSubjectNames(choice.universityId);
  return (
    <LevelField
      label={t`Subject`}
      value={choice.subjectNameId}
      onChange={onChange}
      options={view.value?.subjectNames}
      disabled={false}
    />
  );
}

function FacultyLevel({ choice, onChange }: LevelProps) {
  const { t } = useLingui();
  const view = useReportFaculties(choice.universityId, choice.subjectNameId);
  return (
    <LevelField
      label={t`Faculty`}
      value={choice.facultyId}
      onChange={onChange}
      options={view.value?.faculties}
      disabled={false}
    />
  );
}

function YearCodeLevel({ choice, onChange }: LevelProps) {
  const { t } = useLingui();
  const view = useReportYearCodes(choice.universityId, choice.subjectNameId, choice.facultyId);
  return (
    <LevelField
      label={t`Year code`}
      value={choice.yearCodeId}
      onChange={onChange}
      options={view.value?.yearCodes}
      disabled={false}
    />
  );
}

function LevelField({
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: Options;
  disabled: boolean;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      label={label}
      value={value}
      placeholder={t`Choose`}
      disabled={disabled}
      options={(options ?? []).map((row) => ({ value: row.id, label: row.name }))}
      onChange={onChange}
    />
  );
}

function ClassesSection({
  universityId,
  subjectNameId,
  facultyId,
  yearCodeId,
}: {
  universityId: string;
  subjectNameId: string;
  facultyId: string;
  yearCodeId: string;
}) {
  const { t } = useLingui();
  const decimal = useDecimal();
  // What the report is of, for its exports' file names and title rows (issue 42), named by the server's own
  // answers to the filter (the same views the cascade above read): a new device may not hold the master rows.
  const subjectNames = useReportSubjectNames(universityId).value?.subjectNames ?? [];
  const yearCodes = useReportYearCodes(universityId, subjectNameId, facultyId).value?.yearCodes ?? [];
  const about = [
    subjectNames.find((row) => row.id === subjectNameId)?.name,
    yearCodes.find((row) => row.id === yearCodeId)?.name,
  ]
    .filter(Boolean)
    .join(' · ');
  const view = useReportClasses(subjectNameId, facultyId, yearCodeId);
  const classes = view.value?.classes ?? [];
  const [bandClass, setBandClass] = useState('');
  const [exam, setExam] = useState('');
  const columns: ReportColumn<ReportClass>[] = [
    valueColumn('class', t`Class`, (row) => row.name),
    valueColumn('subject', t`Subject`, (row) => row.subject.name),
    valueColumn('students', t`Students`, (row) => row.students_count, { numeric: true }),
    valueColumn('gpa', t`GPA average`, (row) => row.gpa_average, {
      numeric: true,
      show: (row) => decimal(row.gpa_average),
    }),
  ];
  const exams = [
    ...new Map(
      classes.flatMap((row) =>
        row.exams.map(
          (entry) =>
            [
              `${entry.lesson_id}:${entry.exam_name.id}`,
              `${row.subject.name} · ${entry.lesson_name} (${entry.exam_name.name})`,
            ] as const,
        ),
      ),
    ),
  ];
  const shownBands = classes.find((row) => row.id === bandClass) ?? classes[0];
  const [lessonId = '', examNameId = ''] = exam.split(':');
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ViewState view={view} />
      {view.value && (
        <>
          <ReportTable
            title={t`Classes and GPA averages`}
            about={about}
            columns={columns}
            rows={classes}
            rowKey={(row) => row.id}
            emptyTitle={t`No classes for this choice.`}
          />
          <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
            <ChartFigure
              title={t`GPA average per class`}
              kind="bar"
              max={4}
              points={classes.map((row) => ({ label: row.name, value: row.gpa_average }))}
              labelHeader={t`Class`}
              valueHeader={t`GPA average`}
            />
            <div className="flex min-w-0 flex-col gap-2">
              <SelectField
                label={t`GPA distribution of`}
                value={shownBands?.id ?? ''}
                // Classes of one name ("A組") across the subjects of the report read apart by their subject.
                options={distinctOptions(
                  classes.map((row) =>
                    classChoice({ id: row.id, name: row.name, subjectName: row.subject.name }),
                  ),
                )}
                onChange={(event) => setBandClass(event.target.value)}
              />
              <ChartFigure
                title={t`GPA distribution (students per band)`}
                kind="bar"
                points={gpaBandPoints(shownBands?.gpa_bands ?? [])}
                labelHeader={t`GPA`}
                valueHeader={t`Students`}
              />
            </div>
          </div>
          <SelectField
            label={t`Exam to drill into`}
            value={exam}
            placeholder={t`Choose`}
            options={exams.map(([value, label]) => ({ value, label }))}
            onChange={(event) => setExam(event.target.value)}
          />
          {lessonId && examNameId && (
            <SubScoresSection lessonId={lessonId} examNameId={examNameId} about={about} />
          )}
        </>
      )}
    </div>
  );
}

type SubScores = NonNullable<ReturnType<typeof useReportSubScores>['value']>;
type SubScoreStudent = SubScores['students'][number];

function SubScoresSection({
  lessonId,
  examNameId,
  about,
}: {
  lessonId: string;
  examNameId: string;
  about: string;
}) {
  const { t } = useLingui();
  const decimal = useDecimal();
  const view = useReportSubScores(lessonId, examNameId);
  const averages = useReportYearCodeSubScores(lessonId, examNameId);
  const [binScore, setBinScore] = useState('');
  const scoreNames = view.value?.scoreNames ?? [];
  const nameOf = (scoreName: (typeof scoreNames)[number]) => {
    const parent = scoreNames.find((row) => row.id === scoreName.parent_id);
    return parent ? `${parent.name} › ${scoreName.name}` : scoreName.name;
  };
  const pointsOf = (row: SubScoreStudent, scoreNameId: string) =>
    row.points.find((entry) => entry.score_name_id === scoreNameId)?.points ?? null;
  const columns: ReportColumn<SubScoreStudent>[] = [
    ...studentColumns<SubScoreStudent>(
      (row) => ({ id: row.id, identity: row.identity, name: row.name, className: row.class?.name ?? null }),
      { identity: t`Student ID`, name: t`Student`, className: t`Class` },
    ),
    ...scoreNames.map(
      (scoreName): ReportColumn<SubScoreStudent> =>
        valueColumn(scoreName.id, nameOf(scoreName), (row) => pointsOf(row, scoreName.id), {
          numeric: true,
          show: (row) => decimal(pointsOf(row, scoreName.id)),
        }),
    ),
  ];
  type YearCodeRow = NonNullable<typeof averages.value>['yearCodes'][number];
  const averageOfRow = (row: YearCodeRow, scoreNameId: string) =>
    row.averages.find((entry) => entry.score_name_id === scoreNameId)?.average ?? null;
  const averageColumns: ReportColumn<YearCodeRow>[] = [
    valueColumn('yearCode', t`Year code`, (row) => row.name),
    ...(averages.value?.scoreNames ?? []).map(
      (scoreName): ReportColumn<YearCodeRow> =>
        valueColumn(scoreName.id, nameOf(scoreName), (row) => averageOfRow(row, scoreName.id), {
          numeric: true,
          show: (row) => decimal(averageOfRow(row, scoreName.id)),
        }),
    ),
  ];
  const binned = scoreNames.find((row) => row.id === binScore) ?? scoreNames[0];
  const students = view.value?.students ?? [];
  const binnedPoints = binned ? students.map((row) => pointsOf(row, binned.id)) : [];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ViewState view={view} />
      {view.value && (
        <>
          <ReportTable
            title={t`Sub-scores per student`}
            about={about}
            columns={columns}
            rows={students}
            rowKey={(row) => row.id}
            emptyTitle={t`No students took this exam.`}
          />
          {binned && (
            <div className="flex min-w-0 flex-col gap-2">
              <SelectField
                label={t`Score distribution of`}
                value={binned.id}
                options={scoreNames.map((row) => ({ value: row.id, label: nameOf(row) }))}
                onChange={(event) => setBinScore(event.target.value)}
              />
              <p className="text-sm text-slate-700">
                {t`Average: ${decimal(averageOf(binnedPoints))} / ${decimal(binned.full_score)}`}
              </p>
              <ChartFigure
                title={t`Score distribution (students per range)`}
                kind="bar"
                points={scoreBinPoints(scoreBins(binnedPoints, binned.full_score), binned.full_score)}
                labelHeader={t`Points`}
                valueHeader={t`Students`}
              />
            </div>
          )}
        </>
      )}
      <ViewState view={averages} />
      {averages.value && (
        <ReportTable
          title={t`Sub-score averages per year code`}
          about={about}
          columns={averageColumns}
          rows={averages.value.yearCodes}
          rowKey={(row) => row.id}
          emptyTitle={t`No year code took this exam.`}
        />
      )}
    </div>
  );
}
