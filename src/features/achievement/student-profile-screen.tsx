import { Trans, useLingui } from '@lingui/react/macro';
import type { StudentWho } from '../../db/queries/people';
import { formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { useStudentProfile } from './use-score-grid';

/**
 * A student's achievement-attendance profile (SPEC §2, role 5; a guardian's child's, issue 43): per subject the attendance so far,
 * every score with GPA and final score, and the messages of the highlights they meet; from the local
 * database, so it opens offline too.
 */
export function StudentProfileScreen({ who }: { who: StudentWho }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const profile = useStudentProfile(who);
  const decimal = (value: number | null) => (value === null ? '—' : formatDecimal(value, locale));
  return (
    <Screen title={<Trans>Achievement and attendance</Trans>}>
      {profile?.length === 0 && <EmptyState title={t`No subjects yet.`} />}
      {profile?.map((subject) => (
        <article
          key={subject.subjectId}
          aria-label={subject.subjectName}
          className="space-y-3 rounded border border-slate-200 p-4"
        >
          <h2 className="text-lg font-medium">{subject.subjectName}</h2>
          {subject.messages.map((message) => (
            <p key={message} role="note" className="rounded bg-amber-50 px-3 py-2 text-amber-900">
              {message}
            </p>
          ))}
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">{t`Present`}</dt>
              <dd>{subject.attendance.attendance}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t`Late`}</dt>
              <dd>{subject.attendance.late}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t`Unexplained absence`}</dt>
              <dd>{subject.attendance.unexplainedAbsence}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t`Absent`}</dt>
              <dd>{subject.attendance.absent}</dd>
            </div>
          </dl>
          <table className="text-sm" aria-label={t`Scores of ${subject.subjectName}`}>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">{t`Score name`}</th>
                <th scope="col" className="px-2 text-right">{t`Score`}</th>
                <th scope="col" className="px-2 text-right">{t`Full score`}</th>
              </tr>
            </thead>
            <tbody>
              {subject.scores.map((score) => (
                <tr key={score.id}>
                  <th
                    scope="row"
                    className={score.isPart ? 'px-2 pl-6 text-left font-normal' : 'px-2 text-left'}
                  >
                    <span data-user-text="">{score.name}</span>
                  </th>
                  <td className="px-2 text-right tabular-nums">{decimal(score.points)}</td>
                  <td className="px-2 text-right tabular-nums">{decimal(score.fullScore)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm">
            {t`GPA`}: <span className="tabular-nums">{decimal(subject.gpa)}</span> · {t`Final score`}:{' '}
            <span className="tabular-nums">{decimal(subject.finalScore)}</span>
            {subject.finalScoreSetByHand && (
              <span className="ml-1 text-xs text-sky-700">({t`set by your teacher`})</span>
            )}
          </p>
        </article>
      ))}
    </Screen>
  );
}
