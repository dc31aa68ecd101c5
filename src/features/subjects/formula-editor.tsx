import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { type FormulaError, FormulaErrorCode, validateFormula } from '../../../domain/formula';
import { LIMITS } from '../../../domain/limits';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { CONTROL_CLASS } from '../../ui/field';
import { readFormula, saveFormula } from './subject-calls';
import type { SubjectTabProps } from './subject-tab';

const FORMULA_MESSAGES: Record<FormulaErrorCode, MessageDescriptor> = {
  [FormulaErrorCode.syntax]: msg`The formula cannot be read here.`,
  [FormulaErrorCode.unknownName]: msg`This is not a score name of the subject.`,
  [FormulaErrorCode.divisionByZero]: msg`The formula divides by zero.`,
  [FormulaErrorCode.cycle]: msg`The formula refers to itself.`,
  [FormulaErrorCode.empty]: msg`Enter a formula.`,
};

/** SPEC §9: the formula check waits this long after the last keystroke. */
const FORMULA_DEBOUNCE_MS = 200;

/**
 * The final-score formula editor: the formula over the subject's score names (the master list beside it),
 * checked by the domain formula language 200 ms after typing stops, the error shown with its position.
 */
export function FormulaEditor({ subjectId, canEdit, notify }: SubjectTabProps) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState<string | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [problem, setProblem] = useState<FormulaError | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  useEffect(() => {
    let live = true;
    void readFormula(subjectId).then((answer) => {
      if (!live || !answer.ok) return;
      setText(answer.value.formula ?? '');
      setNames(answer.value.master.map((name) => name.name));
    });
    return () => {
      live = false;
    };
  }, [subjectId]);

  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => {
      const checked = validateFormula(text, names);
      setProblem(checked.ok ? null : checked.error);
    }, FORMULA_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, names]);

  const save = async () => {
    if (text === null) return;
    setBusy(true);
    const answer = await saveFormula(subjectId, text);
    setBusy(false);
    if (answer.ok) notify(t`Formula saved`, true);
    else notify(errorMessage(i18n, answer.failure.code), false);
  };

  if (text === null) return null;
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        <Trans>Final score formula</Trans>
      </label>
      <textarea
        id={inputId}
        rows={3}
        maxLength={LIMITS.formulaMaxLength}
        readOnly={!canEdit}
        className={`${CONTROL_CLASS} h-auto font-mono`}
        value={text}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {i18n._(FORMULA_MESSAGES[problem.code])} <Trans>(at character {problem.position + 1})</Trans>
          <span className="mt-1 block font-mono text-xs text-slate-700" aria-hidden="true">
            {text.slice(0, problem.position)}
            <mark className="bg-red-200">{text.slice(problem.position, problem.position + 1) || ' '}</mark>
            {text.slice(problem.position + 1)}
          </span>
        </p>
      )}
      <div className="text-sm text-slate-700">
        <Trans>Score names:</Trans> {names.join(', ')}
      </div>
      {canEdit && (
        <div>
          <Button busy={busy} disabled={problem !== null} onClick={() => void save()}>
            <Trans>Save formula</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
