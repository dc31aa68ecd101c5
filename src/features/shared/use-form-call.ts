import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { CallResult } from '../../api/call-api';
import { errorMessage } from '../../i18n/error-messages';
import { fieldErrors, issueErrors } from './issue-errors';

/** What a form's own check gives: the body to send, or the code of each field it refused. */
export type Checked<Body> = { ok: true; body: Body } | { ok: false; errors: Record<string, string> };

/** A form's values checked with the call's own schema (its refusals keyed by top-level field). */
export function checkWith<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): Checked<z.output<Schema>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: issueErrors(parsed.error.issues) };
}

/**
 * A form that sends one online call: its own check first (refusals beside their fields, no round trip), then
 * the call; the server's refusal codes go beside the fields they name and its code is raised as an error
 * toast; `onSent` takes the answer (a success toast, a reset, a way back).
 */
export function useFormCall<Body, Value>({
  check,
  send,
  notify,
  onSent,
}: {
  check: () => Checked<Body>;
  send: (body: Body) => Promise<CallResult<Value>>;
  notify: (notice: { tone: 'error'; title: string }) => void;
  onSent: (value: Value) => void;
}) {
  const { i18n } = useLingui();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);

  const submit = async () => {
    const checked = check();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await send(checked.body);
    setBusy(false);
    if (!answer.ok) {
      setErrors(fieldErrors(answer.failure.errors));
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    onSent(answer.value);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  return { errors, errorOf, busy, onSubmit };
}
