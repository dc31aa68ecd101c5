import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import {
  type SchoolSettings,
  type SchoolSettingsWrite,
  schoolSettingsWriteSchema,
} from '../../../domain/schemas/school-settings';
import { callApi } from '../../api/call-api';
import { useMasterDocs } from '../../db/use-master-docs';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { CheckboxField } from '../../ui/checkbox-field';
import { SelectField } from '../../ui/select-field';
import { useLiveForm } from '../../ui/use-live-form';
import { ViewState } from '../../ui/view-state';
import { useCallView } from '../shared/use-call-view';
import { checkWith, useFormCall } from '../shared/use-form-call';

/** A notice of the screen (its toast). */
type Notice = { tone: 'success' | 'error'; title: string };

/** The school's settings, read online (`GET /api/school-settings`) and kept to show offline "as of". */
function useSchoolSettings(round: number) {
  return useCallView('school-settings', 'GET /api/school-settings', undefined, round);
}

const valuesOf = (settings: SchoolSettings): SchoolSettingsWrite => ({ ...settings });

/**
 * The school's settings for admins (issue 44), on the master-setting screen: whether a first sign-in with the
 * school's account (the identity provider) may create a student account, off by default, and the university
 * such a student joins. Saved online only; a re-read never replaces what the admin changed (`useLiveForm`).
 */
export function SchoolSettingsPanel({
  online,
  notify,
}: {
  online: boolean;
  notify: (notice: Notice) => void;
}) {
  const { t } = useLingui();
  const [round, setRound] = useState(0);
  const view = useSchoolSettings(round);
  const settings = view.value ?? undefined;
  const form = useLiveForm(settings, valuesOf);
  const universities = useMasterDocs(MasterKind.universities).rows;
  const { errorOf, busy, onSubmit } = useFormCall({
    check: () => checkWith(schoolSettingsWriteSchema, form.values),
    send: (body) => callApi('POST /api/school-settings', { body }),
    notify,
    onSent: () => {
      form.markSaved();
      setRound((current) => current + 1);
      notify({ tone: 'success', title: t`The school settings were saved.` });
    },
  });
  const values = form.values;

  return (
    <section
      aria-labelledby="school-settings-title"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="school-settings-title" className="text-lg font-semibold">
        <Trans>Sign-in with the school account</Trans>
      </h2>
      <ViewState view={view} />
      {values && (
        <form noValidate onSubmit={onSubmit} className="mt-3 flex max-w-md flex-col gap-4">
          <ChangedMeanwhileNote form={form} />
          <CheckboxField
            label={<Trans>Create a student account on the first sign-in with the school account</Trans>}
            checked={values.provider_creates_students}
            onCheckedChange={(checked) =>
              form.setValues((current) => ({ ...current, provider_creates_students: checked }))
            }
          />
          <p className="text-sm text-slate-600">
            <Trans>
              Off: only people who already have an account here can sign in with their school account. On: a
              verified address of an accepted domain with no account becomes a student of the university
              below; staff accounts are never created.
            </Trans>
          </p>
          <SelectField
            label={<Trans>University of new students</Trans>}
            value={values.provider_student_university_id ?? ''}
            placeholder={t`Choose a university`}
            options={universities.map((row) => ({ value: row.id, label: row.name }))}
            error={errorOf('provider_student_university_id')}
            required={values.provider_creates_students}
            onChange={(event) =>
              form.setValues((current) => ({
                ...current,
                provider_student_university_id: event.target.value || null,
              }))
            }
          />
          <Button type="submit" busy={busy} disabled={!online} className="self-start">
            <Trans>Save settings</Trans>
          </Button>
        </form>
      )}
    </section>
  );
}
