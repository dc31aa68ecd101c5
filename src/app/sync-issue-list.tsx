import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { SyncRejectReason } from '../../domain/sync';
import { useDatabase } from '../db/database-context';
import { discardIssue, reapplyIssue } from '../db/outbox';
import type { OutboxDocType } from '../db/outbox-schema';
import { type IssueValue, issueValues, type SyncIssueSubject } from '../db/sync-issue-subject';
import { issueWording } from '../db/synced-collection-wording';
import { useSyncIssueSubjects, useSyncIssues } from '../db/use-outbox';
import { formatDate, formatDecimal } from '../i18n/format';
import { localeOrDefault } from '../i18n/i18n';
import { Button } from '../ui/button';

/** What each reason a local write came back for says to the user. */
const ISSUE_REASONS: Record<SyncRejectReason, MessageDescriptor> = {
  conflict: msg`Someone else changed this first`,
  field_conflict: msg`Someone else changed the same fields`,
  forbidden: msg`You may not change this`,
  invalid: msg`The server did not accept this value`,
  not_found: msg`This item no longer exists`,
};

const issueReasonSchema = z.enum(SyncRejectReason).catch(SyncRejectReason.invalid);

const TEXT_PREVIEW_LENGTH = 40;

/** The subject of an issue as one line: what kind of write, whose, and which sitting or score. */
function useSubjectLine(): (subject: SyncIssueSubject | undefined, issue: OutboxDocType) => string {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const unknownStudent = t`Unknown student`;
  return (subject, issue) => {
    if (!subject || subject.kind === 'other') {
      return i18n._(issueWording(issue.collectionName)?.label ?? msg`Data`);
    }
    const sittingOf = (day: string | null, startTime: string | null) =>
      day ? `${formatDate(day, locale)} ${startTime ?? ''}`.trim() : '';
    if (subject.kind === 'plan') {
      return [t`Lesson plan`, subject.lessonName ?? '', sittingOf(subject.day, subject.startTime)]
        .filter(Boolean)
        .join(' · ');
    }
    const student = subject.studentName ?? unknownStudent;
    if (subject.kind === 'attendance') {
      return [t`Attendance`, student, sittingOf(subject.day, subject.startTime)].filter(Boolean).join(' · ');
    }
    if (subject.kind === 'finalScore') return [t`Final score`, student].join(' · ');
    return [t`Score`, student, subject.scoreName ?? ''].filter(Boolean).join(' · ');
  };
}

/** One written value as the user would recognise it: a status by its label, a score to 2 decimals. */
function useValueText(): (entry: IssueValue, collectionName: string) => string {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  return ({ field, value }, collectionName) => {
    if (value === null || value === undefined || value === '') return t`(empty)`;
    const label = issueWording(collectionName)?.valueLabel(field, value);
    if (label) return i18n._(label);
    if (typeof value === 'number')
      return field === 'lateMinutes' ? String(value) : formatDecimal(value, locale);
    if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
    const text = String(value);
    return text.length > TEXT_PREVIEW_LENGTH ? `${text.slice(0, TEXT_PREVIEW_LENGTH)}…` : text;
  };
}

/**
 * The "sync issues" list: local writes the server refused or overrode, each named (the student and the
 * sitting or score), with the reason, the values this device wrote, and re-apply and discard.
 */
export function SyncIssueList() {
  const { t, i18n } = useLingui();
  const database = useDatabase();
  const issues = useSyncIssues();
  const subjects = useSyncIssueSubjects(issues);
  const subjectLine = useSubjectLine();
  const valueText = useValueText();
  if (!database || issues.length === 0) return null;
  return (
    <section aria-label={t`Sync issues`} className="border-t border-slate-200 p-4 text-sm">
      <h2 className="mb-2 font-semibold">
        <Trans>Sync issues</Trans>
      </h2>
      <ul className="grid max-h-80 gap-3 overflow-y-auto">
        {issues.map((issue) => {
          const values = issueValues(issue);
          return (
            <li key={issue.id} className="grid gap-1">
              <span className="font-medium">{subjectLine(subjects.get(issue.id), issue)}</span>
              <span>{i18n._(ISSUE_REASONS[issueReasonSchema.parse(issue.reason)])}</span>
              {values.length > 0 && (
                <span className="text-slate-600">
                  <Trans>Your entry:</Trans>{' '}
                  {values
                    .map((entry) => {
                      const label = issueWording(issue.collectionName)?.fieldLabel(entry.field) ?? msg`Value`;
                      return `${i18n._(label)} ${valueText(entry, issue.collectionName)}`;
                    })
                    .join(', ')}
                </span>
              )}
              <span className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => void reapplyIssue(database, issue.id)}>
                  <Trans>Re-apply</Trans>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void discardIssue(database, issue.id)}>
                  <Trans>Discard</Trans>
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
