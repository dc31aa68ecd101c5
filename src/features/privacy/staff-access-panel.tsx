import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StaffAccessReadPage } from '../../../domain/schemas/privacy';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ViewState } from '../../ui/view-state';
import { ACCESS_KIND_LABELS } from './access-log-list';
import { staffAccessLogBefore, useStaffAccessLog } from './privacy-calls';

type StaffEntry = StaffAccessReadPage['entries'][number];

/**
 * The admin's part of a staff member's screen (issue 46, `GET /api/users/{id}/access-log`): the student records
 * this person read, newest first, 50 at a time with "Show older" for the next page: when, what (the kind and
 * the subject it was under) and which students (the first 20 named, and how many in all).
 */
export function StaffAccessPanel({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const view = useStaffAccessLog(userId);
  // Older pages are kept with the first page's answer they follow: a fresh first page starts them again.
  const [older, setOlder] = useState<{
    after: StaffAccessReadPage;
    entries: StaffEntry[];
    next: number | null;
  }>();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const first = view.value;
  const kept = older && older.after === first ? older : undefined;
  const entries = first ? [...first.entries, ...(kept?.entries ?? [])] : [];
  const next = kept ? kept.next : (first?.next ?? null);

  const showOlder = async () => {
    if (!first || next === null) return;
    setLoading(true);
    setProblem(null);
    const outcome = await staffAccessLogBefore(userId, next);
    setLoading(false);
    if (!outcome.ok) {
      setProblem(errorMessage(i18n, outcome.failure.code));
      return;
    }
    setOlder({
      after: first,
      entries: [...(kept?.entries ?? []), ...outcome.value.entries],
      next: outcome.value.next,
    });
  };

  return (
    <section aria-labelledby="staff-access-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="staff-access-title" className="text-lg font-medium">
        <Trans>Student records this person looked at</Trans>
      </h2>
      <ViewState view={view} />
      {first && <StaffAccessList entries={entries} />}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {first && next !== null && (
        <div>
          <Button variant="secondary" busy={loading} onClick={() => void showOlder()}>
            <Trans>Show older</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

/** One card a read: the date and time, what was read, and the students it named. */
export function StaffAccessList({ entries }: { entries: readonly StaffEntry[] }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  if (entries.length === 0)
    return <EmptyState title={t`This person has not looked at any student's record.`} />;
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
      {entries.map((entry) => {
        const more = entry.students_count - entry.students.length;
        return (
          <li key={entry.id} className="flex min-w-0 flex-col gap-0.5 px-3 py-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="min-w-0 break-words font-medium">
                {i18n._(ACCESS_KIND_LABELS[entry.kind])}
                {entry.subject && <span className="font-normal text-slate-600"> · {entry.subject.name}</span>}
              </span>
              <time dateTime={entry.at} className="tabular-nums text-slate-600">
                {formatDate(entry.at, locale, 'dateTime')}
              </time>
            </div>
            <span className="min-w-0 break-words text-slate-700">
              {entry.students.length === 0 ? (
                t`No student named`
              ) : (
                <>
                  <span data-user-text="">
                    {entry.students.map((student) => `${student.name} (${student.identity})`).join(', ')}
                  </span>
                  {more > 0 && <span className="text-slate-600"> {t`and ${more} more`}</span>}
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
