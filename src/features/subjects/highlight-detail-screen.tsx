import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ErrorCode } from '../../../domain/errors';
import { HighlightCondition, nearGpaRule } from '../../../domain/highlights';
import type { StudentRef } from '../../../domain/schemas/common';
import type { HighlightDetail } from '../../../domain/schemas/highlights';
import { HIGHLIGHT_TYPE_LABELS, highlightRuleText } from '../../i18n/highlight-labels';
import { AsOf } from '../../ui/as-of';
import { type Column, DataTable } from '../../ui/data-table';
import { CodedErrorNote } from '../../ui/error-note';
import { Spinner } from '../../ui/spinner';
import { useHighlightDetail, useHighlightScoreList } from './subject-calls';

/**
 * `/academic/subjects/{id}/highlights/{highlightId}`: one highlight rule, the students it flags now (each a
 * link to the student), and for a GPA rule the borderline list: the students near its threshold it does not
 * flag yet (`nearGpaRule`, from `list-score`). Online reads, kept for offline reading with their time.
 */
export function HighlightDetailScreen({
  subjectId,
  highlightId,
  onForbidden,
}: {
  subjectId: string;
  highlightId: string;
  onForbidden: () => void;
}) {
  const { t, i18n } = useLingui();
  const view = useHighlightDetail(subjectId, highlightId);
  const highlight = view.value;
  const studentColumns = useStudentColumns();

  if (view.failure === ErrorCode.forbidden) {
    queueMicrotask(onForbidden);
    return null;
  }
  const back = (
    <Link
      to="/academic/subjects/$subjectId"
      params={{ subjectId }}
      search={{ tab: 'highlights' }}
      className="text-sm text-blue-700 underline"
    >
      <Trans>Back to the highlights</Trans>
    </Link>
  );
  if (!highlight) {
    return (
      <section className="flex flex-col gap-3">
        {back}
        {view.failure ? <CodedErrorNote code={view.failure} /> : <Spinner label={t`Loading`} />}
      </section>
    );
  }

  return (
    <section aria-labelledby="highlight-title" className="flex max-w-4xl flex-col gap-4">
      {back}
      <header className="flex flex-col gap-1">
        <h1 id="highlight-title" className="text-xl font-semibold break-words">
          {highlightRuleText(i18n, highlight)}
        </h1>
        <p className="text-sm text-slate-600">
          {i18n._(HIGHLIGHT_TYPE_LABELS[highlight.type])}
          {highlight.hidden && (
            <span className="ml-2 rounded bg-slate-100 px-1 text-slate-700">
              <Trans>Hidden</Trans>
            </span>
          )}
        </p>
        {highlight.message_to_student && (
          <dl className="text-sm break-words">
            <dt className="font-medium">
              <Trans>Message to students</Trans>
            </dt>
            <dd data-user-text>{highlight.message_to_student}</dd>
          </dl>
        )}
      </header>
      {view.stale && view.at !== null && <AsOf at={view.at} />}
      {highlight.hidden && (
        <p className="text-sm text-slate-600">
          <Trans>A hidden highlight flags no student until it is shown again.</Trans>
        </p>
      )}
      <DataTable
        caption={t`Students this highlight flags now (${highlight.students.length})`}
        columns={studentColumns}
        rows={highlight.students}
        rowKey={(row) => row.id}
        emptyTitle={t`No student meets this highlight now`}
      />
      {highlight.condition_type === HighlightCondition.gpa && (
        <BorderlineList subjectId={subjectId} highlight={highlight} />
      )}
    </section>
  );
}

/** The columns naming a student: number, and name linking to the student. */
function useStudentColumns(): Column<StudentRef>[] {
  const { t } = useLingui();
  return [
    {
      key: 'identity',
      header: t`Student number`,
      cell: (row) => row.identity,
      sortValue: (row) => row.identity,
    },
    {
      key: 'name',
      header: t`Name`,
      cell: (row) => (
        <Link to="/students/$studentId" params={{ studentId: row.id }} className="text-blue-700 underline">
          <span data-user-text>{row.name}</span>
        </Link>
      ),
      sortValue: (row) => row.name,
    },
  ];
}

/** A GPA rule's borderline list: the students near its threshold it does not flag yet (`nearGpaRule`). */
function BorderlineList({ subjectId, highlight }: { subjectId: string; highlight: HighlightDetail }) {
  const { t } = useLingui();
  const scores = useHighlightScoreList(subjectId);
  const studentColumns = useStudentColumns();
  const flagged = new Set(highlight.students.map((student) => student.id));
  const near = (scores.value?.students ?? []).filter(
    (student) => !flagged.has(student.id) && nearGpaRule(highlight, student.gpa),
  );
  return (
    <DataTable
      caption={t`Near the threshold, not flagged yet (${near.length})`}
      columns={[
        ...studentColumns,
        {
          key: 'gpa',
          header: t`GPA`,
          numeric: true,
          cell: (row) => (row.gpa === null ? '—' : row.gpa.toFixed(2)),
          sortValue: (row) => row.gpa ?? -1,
        },
      ]}
      rows={near}
      rowKey={(row) => row.id}
      loading={scores.value === null && scores.failure === null}
      emptyTitle={t`No student is near the threshold`}
    />
  );
}
