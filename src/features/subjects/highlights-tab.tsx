import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import {
  conditionFitsType,
  HighlightCompare,
  HighlightCondition,
  HighlightType,
} from '../../../domain/highlights';
import { type Highlight, highlightWriteSchema } from '../../../domain/schemas/highlights';
import { COMPARE_LABELS } from '../../i18n/compare-labels';
import { errorMessage } from '../../i18n/error-messages';
import {
  HIGHLIGHT_CONDITION_LABELS,
  HIGHLIGHT_TYPE_LABELS,
  highlightRuleText,
} from '../../i18n/highlight-labels';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CodedErrorNote } from '../../ui/error-note';
import { SelectField } from '../../ui/select-field';
import { NumberField, TextAreaField } from '../../ui/text-field';
import { type FormErrors, failureErrors, zodErrors } from './form-errors';
import { deleteHighlight, reorderHighlights, saveHighlight, useHighlights } from './subject-calls';
import type { SubjectTabProps } from './subject-tab';

type Draft = {
  id: string | null;
  type: HighlightType;
  condition_type: HighlightCondition;
  compare_type: HighlightCompare;
  value: string;
  message_to_student: string;
  hidden: boolean;
};

const NEW_DRAFT: Draft = {
  id: null,
  type: HighlightType.attendance,
  condition_type: HighlightCondition.unexplainedAbsence,
  compare_type: HighlightCompare.moreThan,
  value: '',
  message_to_student: '',
  hidden: false,
};

const codes = <T extends Record<string, number>>(table: T) => Object.values(table) as T[keyof T][];

/**
 * The subject's highlights tab (SPEC §4, §9): the shown highlights in priority order, moved with up/down
 * buttons (keyboard reachable like any button); a form to create or edit one (type, condition, comparison,
 * threshold, message to students, hidden); and the hidden highlights in a list of their own. Every change
 * recomputes the subject's highlight cards on the server.
 */
export function HighlightsTab({ subjectId, canEdit, notify }: SubjectTabProps) {
  const { t, i18n } = useLingui();
  const [round, setRound] = useState(0);
  const shown = useHighlights(subjectId, false, round);
  const hidden = useHighlights(subjectId, true, round);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [removing, setRemoving] = useState<Highlight | null>(null);
  const shownRows = shown.value?.highlights ?? [];
  const hiddenRows = hidden.value?.highlights ?? [];
  const reload = () => setRound((n) => n + 1);

  const ruleText = (row: Highlight) => highlightRuleText(i18n, row);

  const save = async () => {
    if (!draft) return;
    const parsed = highlightWriteSchema.safeParse({
      type: draft.type,
      condition_type: draft.condition_type,
      compare_type: draft.compare_type,
      value: draft.value.trim() === '' ? Number.NaN : Number(draft.value),
      message_to_student: draft.message_to_student.trim() === '' ? null : draft.message_to_student,
      hidden: draft.hidden,
    });
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return;
    }
    const answer = await saveHighlight(subjectId, draft.id, parsed.data);
    if (!answer.ok) {
      setErrors(failureErrors(answer.failure));
      return;
    }
    notify(draft.id === null ? t`Highlight created` : t`Highlight updated`, true);
    setDraft(null);
    setErrors({});
    reload();
  };

  const move = async (index: number, by: -1 | 1) => {
    const order = shownRows.map((row) => row.id);
    const other = order[index + by];
    const self = order[index];
    if (!other || !self) return;
    order[index] = other;
    order[index + by] = self;
    const answer = await reorderHighlights(subjectId, [...order, ...hiddenRows.map((row) => row.id)]);
    if (!answer.ok) notify(errorMessage(i18n, answer.failure.code), false);
    else notify(t`Highlight order saved`, true);
    reload();
  };

  const remove = async () => {
    const target = removing;
    setRemoving(null);
    if (!target) return;
    const answer = await deleteHighlight(subjectId, target.id);
    if (!answer.ok) notify(errorMessage(i18n, answer.failure.code), false);
    else notify(t`Highlight deleted`, true);
    reload();
  };

  const edit = (row: Highlight) => {
    setErrors({});
    setDraft({ ...row, value: String(row.value), message_to_student: row.message_to_student ?? '' });
  };

  const rowActions = (row: Highlight) =>
    canEdit && (
      <>
        <Button variant="ghost" size="sm" aria-label={t`Edit: ${ruleText(row)}`} onClick={() => edit(row)}>
          <Trans>Edit</Trans>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Delete: ${ruleText(row)}`}
          onClick={() => setRemoving(row)}
        >
          <Trans>Delete</Trans>
        </Button>
      </>
    );

  const set = (patch: Partial<Draft>) => draft && setDraft({ ...draft, ...patch });
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);

  return (
    <div className="flex flex-col gap-4 pt-4">
      <ol aria-label={t`Highlights by priority`} className="flex flex-col gap-2" data-testid="highlight-list">
        {shownRows.map((row, index) => (
          <li
            key={row.id}
            data-highlight={row.id}
            className="flex flex-wrap items-center gap-2 rounded border border-slate-200 p-2 text-sm"
          >
            <span className="min-w-0 flex-1 break-words">
              <HighlightLink subjectId={subjectId} highlightId={row.id} className="font-medium">
                {ruleText(row)}
              </HighlightLink>
              {row.message_to_student && (
                <span className="block text-slate-600">{row.message_to_student}</span>
              )}
            </span>
            {canEdit && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t`Move up: ${ruleText(row)}`}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t`Move down: ${ruleText(row)}`}
                  disabled={index === shownRows.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  ↓
                </Button>
              </>
            )}
            {rowActions(row)}
          </li>
        ))}
        {shownRows.length === 0 && <li className="text-sm text-slate-600">{t`No highlights`}</li>}
      </ol>
      {canEdit && !draft && (
        <div>
          <Button onClick={() => setDraft(NEW_DRAFT)}>
            <Trans>Add highlight</Trans>
          </Button>
        </div>
      )}
      {draft && (
        <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
          <legend className="font-semibold">
            {draft.id === null ? <Trans>New highlight</Trans> : <Trans>Edit highlight</Trans>}
          </legend>
          <div className="grid gap-3 sm:grid-cols-4">
            <SelectField
              label={t`Type`}
              options={codes(HighlightType).map((code) => ({
                value: String(code),
                label: i18n._(HIGHLIGHT_TYPE_LABELS[code]),
              }))}
              value={String(draft.type)}
              onChange={(event) => {
                const type = Number(event.target.value) as HighlightType;
                set({
                  type,
                  condition_type: conditionFitsType(type, draft.condition_type)
                    ? draft.condition_type
                    : type === HighlightType.achievement
                      ? HighlightCondition.gpa
                      : HighlightCondition.unexplainedAbsence,
                });
              }}
            />
            <SelectField
              label={t`Condition`}
              error={errorOf('condition_type')}
              options={codes(HighlightCondition)
                .filter((code) => conditionFitsType(draft.type, code))
                .map((code) => ({ value: String(code), label: i18n._(HIGHLIGHT_CONDITION_LABELS[code]) }))}
              value={String(draft.condition_type)}
              onChange={(event) => set({ condition_type: Number(event.target.value) as HighlightCondition })}
            />
            <SelectField
              label={t`Comparison`}
              options={codes(HighlightCompare).map((code) => ({
                value: String(code),
                label: i18n._(COMPARE_LABELS[code]),
              }))}
              value={String(draft.compare_type)}
              onChange={(event) => set({ compare_type: Number(event.target.value) as HighlightCompare })}
            />
            <NumberField
              label={t`Value`}
              required
              value={draft.value}
              error={errorOf('value')}
              onChange={(event) => set({ value: event.target.value })}
            />
          </div>
          <TextAreaField
            label={t`Message to students`}
            rows={3}
            value={draft.message_to_student}
            error={errorOf('message_to_student')}
            onChange={(event) => set({ message_to_student: event.target.value })}
          />
          <CheckboxField
            label={t`Hidden`}
            checked={draft.hidden}
            onCheckedChange={(checked) => set({ hidden: checked })}
          />
          <CodedErrorNote code={errors.form} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void save()}>
              <Trans>Save highlight</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setDraft(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </fieldset>
      )}
      <section aria-labelledby="hidden-highlights-title" className="flex flex-col gap-2">
        <h3 id="hidden-highlights-title" className="font-semibold">
          <Trans>Hidden highlights</Trans>
        </h3>
        <ul className="flex flex-col gap-2">
          {hiddenRows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-2 rounded bg-slate-50 p-2 text-sm">
              <HighlightLink
                subjectId={subjectId}
                highlightId={row.id}
                className="min-w-0 flex-1 break-words"
              >
                {ruleText(row)}
              </HighlightLink>
              {rowActions(row)}
            </li>
          ))}
          {hiddenRows.length === 0 && <li className="text-sm text-slate-600">{t`No hidden highlights`}</li>}
        </ul>
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={t`Delete this highlight?`}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** A link to a highlight's own screen. */
function HighlightLink({
  subjectId,
  highlightId,
  className,
  children,
}: {
  subjectId: string;
  highlightId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/academic/subjects/$subjectId/highlights/$highlightId"
      params={{ subjectId, highlightId }}
      className={cn(className, 'text-blue-700 underline')}
    >
      {children}
    </Link>
  );
}
