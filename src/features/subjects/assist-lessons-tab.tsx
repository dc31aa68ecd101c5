import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PublishState } from '../../../domain/lessons';
import type { AssistLesson } from '../../../domain/schemas/subjects';
import { errorMessage } from '../../i18n/error-messages';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { saveAssistLessons, useAssistLessons } from './subject-calls';
import type { SubjectTabProps } from './subject-tab';

type Setting = Pick<AssistLesson, 'apply' | 'status'>;

/**
 * The subject's assist lessons tab (SPEC §3 `dataSubmit`): for each lesson, whether it is open to the
 * students of the subject's other classes as help, and whether that is published to them. The subject's
 * teachers and admins change it and save the changed lessons at once; other staff read it.
 */
export function AssistLessonsTab({ subjectId, canEdit, notify }: SubjectTabProps) {
  const { t, i18n } = useLingui();
  const [round, setRound] = useState(0);
  const view = useAssistLessons(subjectId, round);
  const [changes, setChanges] = useState<Record<string, Setting>>({});
  const [busy, setBusy] = useState(false);
  const rows = view.value?.dataSubmit ?? [];
  const settingOf = (row: AssistLesson): Setting =>
    changes[row.lesson_id] ?? { apply: row.apply, status: row.status };
  const change = (row: AssistLesson, patch: Partial<Setting>) =>
    setChanges({ ...changes, [row.lesson_id]: { ...settingOf(row), ...patch } });

  const save = async () => {
    setBusy(true);
    const answer = await saveAssistLessons(subjectId, {
      dataSubmit: Object.entries(changes).map(([lesson_id, setting]) => ({ lesson_id, ...setting })),
    });
    setBusy(false);
    if (!answer.ok) {
      notify(errorMessage(i18n, answer.failure.code), false);
      return;
    }
    notify(t`Assist lessons saved`, true);
    setChanges({});
    setRound((current) => current + 1);
  };

  if (!view.value) {
    return view.failure ? (
      <p role="alert" className="pt-4 text-sm text-red-700">
        {errorMessage(i18n, view.failure)}
      </p>
    ) : (
      <Spinner label={t`Loading`} />
    );
  }
  if (rows.length === 0) return <EmptyState title={t`This subject has no lessons yet`} />;
  return (
    <div className="flex flex-col gap-3 pt-4">
      {view.stale && view.at !== null && <AsOf at={view.at} />}
      <p className="text-sm text-slate-600">
        <Trans>
          An assist lesson is open to the students of the subject’s other classes. Students see it once it is
          published.
        </Trans>
      </p>
      <ul className="flex flex-col gap-2" aria-label={t`Assist lessons`}>
        {rows.map((row) => {
          const setting = settingOf(row);
          return (
            <li
              key={row.lesson_id}
              data-assist-lesson={row.lesson_id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded border border-slate-200 p-2 text-sm"
            >
              <span className="min-w-0 flex-1 font-medium break-words" data-user-text>
                {row.name}
              </span>
              <CheckboxField
                label={t`Open to other classes`}
                checked={setting.apply}
                disabled={!canEdit}
                onCheckedChange={(apply) => change(row, { apply })}
              />
              <CheckboxField
                label={t`Published to students`}
                checked={setting.status === PublishState.published}
                disabled={!canEdit || !setting.apply}
                onCheckedChange={(published) =>
                  change(row, { status: published ? PublishState.published : PublishState.draft })
                }
              />
            </li>
          );
        })}
      </ul>
      {canEdit && (
        <div>
          <Button busy={busy} disabled={Object.keys(changes).length === 0} onClick={() => void save()}>
            <Trans>Save assist lessons</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
