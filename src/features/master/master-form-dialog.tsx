import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { YEAR_CODE_COLORS } from '../../../domain/master';
import { MasterKind, type MasterSettingTab } from '../../../domain/master-kind';
import type { MasterDocType } from '../../db/master-schema';
import { useMasterDocs } from '../../db/use-master-docs';
import { errorMessage } from '../../i18n/error-messages';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { CodedErrorNote } from '../../ui/error-note';
import { fieldBinder } from '../../ui/field-binder';
import { FormDialog } from '../../ui/form-dialog';
import { SelectField, type SelectOption } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import { saveMasterRow } from './master-calls';
import {
  checkMasterForm,
  formValuesOf,
  MASTER_RELATIONS,
  type MasterFormValues,
  type YearCodeColor,
} from './master-list';

/** Select choices of a master list, by name. */
export function optionsOf(rows: readonly MasterDocType[]): SelectOption[] {
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/**
 * Create or edit one master row (`row` null creates). The form is checked with the call's own schema, then
 * sent; the server's field codes (a name already used in its scope) come back under their fields. `row` is the
 * live row: a change that syncs in while the user types is shown as changed meanwhile, never poured over what
 * they typed (`useLiveForm`).
 */
export function MasterFormDialog({
  kind,
  title,
  row,
  open,
  onClose,
  onSaved,
}: {
  kind: MasterSettingTab;
  title: string;
  row: MasterDocType | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: { id: string; created: boolean }) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useLiveForm(row, formValuesOf);
  const values = form.values ?? formValuesOf(row);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const universities = useMasterDocs(MasterKind.universities).rows;
  const faculties = useMasterDocs(MasterKind.faculties).rows;
  const subjectNames = useMasterDocs(MasterKind.subjectNames).rows;
  const relations = MASTER_RELATIONS[kind];

  const set = (patch: Partial<MasterFormValues>) => form.setValues((current) => ({ ...current, ...patch }));
  const errorOf = (field: keyof MasterFormValues) =>
    errors[field] ? errorMessage(i18n, errors[field]) : undefined;
  const field = fieldBinder(values, set, errorOf);

  const submit = async () => {
    const refused = checkMasterForm(kind, values);
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setBusy(true);
    const answer = await saveMasterRow(kind, row?.id ?? null, values);
    setBusy(false);
    if (answer.ok) {
      form.markSaved();
      onSaved({ id: answer.value.id, created: row === null });
      return;
    }
    const { field, code } = answer.failure;
    setErrors(field ? { [field]: code } : { form: code });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      submitLabel={t`Save`}
      busy={busy}
      onSubmit={submit}
    >
      <ChangedMeanwhileNote form={form} />
      <TextField label={t`Name`} required {...field('name')} maxLength={255} />
      {relations.university && (
        <SelectField
          label={t`University`}
          required={relations.university === 'required'}
          value={values.university_id}
          placeholder={relations.university === 'required' ? t`Choose a university` : t`None`}
          options={optionsOf(universities)}
          error={errorOf('university_id')}
          // A faculty belongs to one university: changing the university clears it.
          onChange={(event) => set({ university_id: event.target.value, faculty_id: '' })}
        />
      )}
      {relations.faculty && (
        <SelectField
          label={t`Faculty`}
          required
          {...field('faculty_id')}
          placeholder={t`Choose a faculty`}
          options={optionsOf(faculties.filter((faculty) => faculty.universityId === values.university_id))}
        />
      )}
      {relations.subjectName && (
        <SelectField
          label={t`Subject`}
          required
          {...field('subject_name_id')}
          placeholder={t`Choose a subject`}
          options={optionsOf(subjectNames)}
        />
      )}
      {relations.color && (
        <ColourPicker value={values.color} error={errorOf('color')} onChange={(color) => set({ color })} />
      )}
      <CodedErrorNote code={errors.form} />
    </FormDialog>
  );
}

/** The 18 palette colours as radio swatches; none chosen lets the server pick the next one. */
function ColourPicker({
  value,
  error,
  onChange,
}: {
  value: YearCodeColor | '';
  error: string | undefined;
  onChange: (color: YearCodeColor) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">
        <Trans>Colour</Trans>
      </legend>
      <p className="text-xs text-slate-500">
        <Trans>Leave unchosen to take the next colour of the palette.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {YEAR_CODE_COLORS.map((color, index) => (
          <label key={color} className="relative cursor-pointer">
            <input
              type="radio"
              name="year-code-colour"
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className="peer sr-only"
              aria-label={t`Colour ${index + 1}`}
            />
            <span
              aria-hidden="true"
              className="block size-8 rounded-md border-2 border-white ring-1 ring-slate-300 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-blue-700"
              style={{ backgroundColor: color }}
            />
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
