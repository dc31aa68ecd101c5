import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { mayChangeMemo, mayWriteMemo } from '../../../domain/permissions';
import { type AccountRole, Role } from '../../../domain/roles';
import { memoWriteSchema } from '../../../domain/schemas/memos';
import { sittingMemos$ } from '../../db/queries/notes';
import { person$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorNote } from '../../ui/error-note';
import { SafeHtml } from '../../ui/safe-html';
import { TextAreaField } from '../../ui/text-field';
import { type FormErrors, failureErrors, zodErrors } from './form-errors';
import { checkMemoWriter, deleteMemo, saveMemo } from './subject-calls';

/** A sitting a memo may be about, as the lesson screen names it. */
export interface MemoSitting {
  id: string;
  label: string;
}

/** A memo as the device holds it. */
type MemoRow = {
  id: string;
  authorId: string | null;
  content: string | null;
  contactToHeadTeacher: boolean | null;
  scheduleIds: readonly string[];
};

type Draft = { id: string | null; message: string; contactToHeadTeacher: boolean; scheduleIds: string[] };

/**
 * The memos about a lesson's sittings (SPEC §3 Memo): read from the device (offline too), written online by a
 * teacher of the subject or an admin (the memo check, SPEC §6). A memo reaches the other teachers of its
 * sittings as a dashboard card, and with "contact the head teacher" the head teachers and admins as well.
 * Its author or an admin changes or deletes it.
 */
export function MemoSection({
  subjectId,
  sittings,
  actor,
  notify,
}: {
  subjectId: string;
  sittings: readonly MemoSitting[];
  actor: { id: string; role: AccountRole } | null;
  notify: (text: string, ok: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const sittingIds = sittings.map((sitting) => sitting.id);
  const memos =
    useLiveQuery(
      (database) => sittingMemos$(database, subjectId, sittingIds),
      [subjectId, sittingIds.join()],
    ) ?? [];
  const [isTeacher, setIsTeacher] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<MemoRow | null>(null);

  useEffect(() => {
    if (actor?.role !== Role.teacher) return;
    let live = true;
    void checkMemoWriter(subjectId).then(
      (answer) => live && answer.ok && setIsTeacher(answer.value.isTeacher),
    );
    return () => {
      live = false;
    };
  }, [subjectId, actor?.role]);

  const canWrite = actor !== null && mayWriteMemo(actor.role, isTeacher);
  const mayChange = (memo: MemoRow) => actor !== null && mayChangeMemo(actor, memo.authorId, isTeacher);
  const labelOf = (id: string) => sittings.find((sitting) => sitting.id === id)?.label;
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);

  const save = async () => {
    if (!draft) return;
    const body = {
      message: draft.message,
      contact_to_head_teacher: draft.contactToHeadTeacher,
      schedules_id: draft.scheduleIds,
    };
    const parsed = memoWriteSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return;
    }
    setBusy(true);
    const answer = await saveMemo(draft.id, parsed.data);
    setBusy(false);
    if (!answer.ok) {
      setErrors(failureErrors(answer.failure));
      notify(errorMessage(i18n, answer.failure.code), false);
      return;
    }
    notify(draft.id === null ? t`Memo created` : t`Memo updated`, true);
    setDraft(null);
    setErrors({});
  };

  const remove = async (memo: MemoRow) => {
    setRemoving(null);
    const answer = await deleteMemo(memo.id);
    if (!answer.ok) notify(errorMessage(i18n, answer.failure.code), false);
    else notify(t`Memo deleted`, true);
  };

  if (sittings.length === 0) return null;
  return (
    <section aria-labelledby="memos-title" className="flex flex-col gap-2">
      <h2 id="memos-title" className="text-lg font-semibold">
        <Trans>Memos</Trans>
      </h2>
      {memos.length === 0 && (
        <p className="text-sm text-slate-600">
          <Trans>No memos about these schedules</Trans>
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {memos.map((memo) => (
          <li key={memo.id} data-testid="memo" className="rounded border border-slate-200 p-2 text-sm">
            <SafeHtml html={memo.content ?? ''} className="break-words whitespace-pre-wrap" />
            <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
              <AuthorName userId={memo.authorId} />
              {memo.scheduleIds
                .map((id) => labelOf(id))
                .filter(Boolean)
                .join(' · ')}
              {memo.contactToHeadTeacher && (
                <span className="rounded bg-amber-100 px-1 text-amber-900">
                  <Trans>Head teachers told</Trans>
                </span>
              )}
            </p>
            {mayChange(memo) && (
              <div className="mt-1 flex gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setErrors({});
                    setDraft({
                      id: memo.id,
                      message: memo.content ?? '',
                      contactToHeadTeacher: memo.contactToHeadTeacher === true,
                      scheduleIds: [...memo.scheduleIds],
                    });
                  }}
                >
                  <Trans>Edit memo</Trans>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setRemoving(memo)}>
                  <Trans>Delete memo</Trans>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {canWrite && draft === null && (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setErrors({});
              setDraft({ id: null, message: '', contactToHeadTeacher: false, scheduleIds: sittingIds });
            }}
          >
            <Trans>Write a memo</Trans>
          </Button>
        </div>
      )}
      {draft && (
        <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
          <legend className="px-1 font-semibold">
            {draft.id === null ? <Trans>New memo</Trans> : <Trans>Edit memo</Trans>}
          </legend>
          <TextAreaField
            label={t`Memo`}
            required
            maxLength={3000}
            hint={t`The other teachers of the chosen schedules see it on their dashboard.`}
            value={draft.message}
            error={errorOf('message')}
            onChange={(event) => setDraft({ ...draft, message: event.target.value })}
          />
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium">
              <Trans>About these schedules</Trans>
            </legend>
            {sittings.map((sitting) => (
              <CheckboxField
                key={sitting.id}
                label={sitting.label}
                checked={draft.scheduleIds.includes(sitting.id)}
                onCheckedChange={(checked) =>
                  setDraft({
                    ...draft,
                    scheduleIds: checked
                      ? [...draft.scheduleIds, sitting.id]
                      : draft.scheduleIds.filter((id) => id !== sitting.id),
                  })
                }
              />
            ))}
            {errorOf('schedules_id') && <ErrorNote>{errorOf('schedules_id')}</ErrorNote>}
          </fieldset>
          <CheckboxField
            label={t`Also tell the head teachers and admins`}
            checked={draft.contactToHeadTeacher}
            onCheckedChange={(checked) => setDraft({ ...draft, contactToHeadTeacher: checked })}
          />
          <div className="flex flex-wrap gap-2">
            <Button busy={busy} onClick={() => void save()}>
              <Trans>Save memo</Trans>
            </Button>
            <Button variant="ghost" onClick={() => setDraft(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </fieldset>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t`Delete this memo?`}
        destructive
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

/** A memo's author by name, from the device; nothing while the person is not on it. */
function AuthorName({ userId }: { userId: string | null }) {
  const person = useLiveQuery((database) => person$(database, userId ?? ''), [userId]);
  return person ? <span>{person.name}</span> : null;
}
