import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import { roomsMultiStoreRequestSchema } from '../../../domain/schemas/master-setting';
import { useMasterDocs } from '../../db/use-master-docs';
import { errorMessage } from '../../i18n/error-messages';
import { CodedErrorNote } from '../../ui/error-note';
import { CONTROL_CLASS } from '../../ui/field';
import { FormDialog } from '../../ui/form-dialog';
import { SelectField } from '../../ui/select-field';
import { storeRooms } from './master-calls';
import { optionsOf } from './master-form-dialog';
import { fieldCodes, pastedNames } from './master-list';

/** The problems of a pasted list: per name (1-based, blank lines not counted) and for the whole form. */
type ListErrors = { lines: Map<number, string>; form: string | null; university: string | null };

const NO_ERRORS: ListErrors = { lines: new Map(), form: null, university: null };

/** Field codes keyed `rooms.<index>.<field>` as problems per pasted line. */
function listErrorsOf(codes: Readonly<Record<string, string | readonly string[]>>): ListErrors {
  const lines = new Map<number, string>();
  let form: string | null = null;
  let university: string | null = null;
  for (const [field, value] of Object.entries(codes)) {
    const code = typeof value === 'string' ? value : value[0];
    if (!code) continue;
    const match = /^rooms\.(\d+)\.(name|university_id)$/.exec(field);
    if (match?.[2] === 'university_id') university = code;
    else if (match?.[1] !== undefined) lines.set(Number(match[1]) + 1, code);
    else form = code;
  }
  return { lines, form, university };
}

/**
 * Adds many rooms of one university at once (SPEC §7 `multiStore`): paste one name a line. All are stored
 * or none: every refused line is listed with its reason, and the list stays as typed to fix.
 */
export function RoomsMultiDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (ids: string[]) => void;
}) {
  const { t, i18n } = useLingui();
  const universities = useMasterDocs(MasterKind.universities).rows;
  const [universityId, setUniversityId] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<ListErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const names = pastedNames(text);

  const submit = async () => {
    if (!universityId) {
      setErrors({ ...NO_ERRORS, university: 'required' });
      return;
    }
    const body = { rooms: names.map((name) => ({ name, university_id: universityId })) };
    const parsed = roomsMultiStoreRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(listErrorsOf(fieldCodes(parsed.error)));
      return;
    }
    setBusy(true);
    const answer = await storeRooms(universityId, names);
    setBusy(false);
    if (answer.ok) {
      onSaved(answer.value.rooms.map((room) => room.id));
      return;
    }
    setErrors(listErrorsOf(answer.failure.errors ?? { form: [answer.failure.code] }));
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t`Add several rooms`}
      submitLabel={t`Add ${names.length} rooms`}
      busy={busy}
      submitDisabled={names.length === 0}
      onSubmit={submit}
    >
      <SelectField
        label={t`University`}
        required
        value={universityId}
        placeholder={t`Choose a university`}
        options={optionsOf(universities)}
        error={errors.university ? errorMessage(i18n, errors.university) : undefined}
        onChange={(event) => setUniversityId(event.target.value)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={listId} className="text-sm font-medium text-slate-800">
          <Trans>Room names, one a line</Trans>
        </label>
        <textarea
          id={listId}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${CONTROL_CLASS} h-auto py-2`}
        />
      </div>
      {errors.lines.size > 0 && (
        <div role="alert" className="text-sm text-red-700">
          <p>
            <Trans>No room was added. Fix these names and try again:</Trans>
          </p>
          <ul className="mt-1 list-disc pl-5">
            {[...errors.lines].map(([line, code]) => (
              <li key={line}>{t`${names[line - 1] ?? ''} (line ${line}): ${errorMessage(i18n, code)}`}</li>
            ))}
          </ul>
        </div>
      )}
      <CodedErrorNote code={errors.form} />
    </FormDialog>
  );
}
