import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  LessonType,
  lessonPlanStatus,
  lessonTypeSchema,
  PlanPublish,
  planPublishSchema,
} from '../../../domain/lessons';
import { mayEditClassWork } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { useDatabase } from '../../db/database-context';
import { writeStates$ } from '../../db/outbox';
import { lesson$ } from '../../db/queries/lessons';
import { planNotes$, sittingPlan$ } from '../../db/queries/notes';
import { schedule$ } from '../../db/queries/schedules';
import { subjectClass$ } from '../../db/queries/subjects';
import { useLiveQuery } from '../../db/use-live-query';
import { errorMessage } from '../../i18n/error-messages';
import { PLAN_STATUS_LABELS } from '../../i18n/plan-status-labels';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { fieldBinder } from '../../ui/field-binder';
import { RepeatedRows } from '../../ui/repeated-rows';
import { SafeHtml } from '../../ui/safe-html';
import { Screen } from '../../ui/screen';
import { Spinner } from '../../ui/spinner';
import { TextAreaField, TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import type { FormErrors } from './form-errors';
import { addPlanNote, type PlanRefusal, type PlanSitting, type PlanValues, savePlan } from './plan-commands';

/** The success toast of a plan save (SPEC §4, §8): lesson or exam, registered or kept as a draft. */
const SAVED_MESSAGES: Record<LessonType, Record<PlanPublish, MessageDescriptor>> = {
  [LessonType.lesson]: {
    [PlanPublish.draft]: msg`Lesson plan saved temporarily`,
    [PlanPublish.published]: msg`Lesson plan registered`,
  },
  [LessonType.exam]: {
    [PlanPublish.draft]: msg`Exam plan saved temporarily`,
    [PlanPublish.published]: msg`Exam plan registered`,
  },
};

const EMPTY: PlanValues = { publish: PlanPublish.draft, content: '', links: [], contactToStudent: [] };

/** What the form reads of a stored plan (the live query's document, read-only). */
type StoredPlan = {
  readonly publish: unknown;
  readonly content: string | null;
  readonly links: readonly Readonly<PlanValues['links'][number]>[];
  readonly contactToStudent: readonly Readonly<PlanValues['contactToStudent'][number]>[];
};

/** The form's values of the stored plan, or an empty form when the sitting has none yet. */
function planValuesOf(plan: StoredPlan | null): PlanValues {
  if (!plan) return EMPTY;
  return {
    publish: planPublishSchema.catch(PlanPublish.draft).parse(plan.publish),
    content: plan.content ?? '',
    links: plan.links.map((link) => ({ ...link })),
    contactToStudent: plan.contactToStudent.map((link) => ({ ...link })),
  };
}

/**
 * The plan of one sitting (`/academic/subjects/{id}/lessons/{id}/schedules/{id}/plans/{id}`): the lesson's
 * outline, the plan's status (not entered, temporary save, registered), its content, links and contact links,
 * kept as a draft or registered; and the notes for the next teacher. Read and written on this device, so a
 * teacher drafts a plan offline and it syncs when back online (its state shows until then).
 */
export function PlanScreen({
  subjectId,
  lessonId,
  scheduleId,
  actor,
  notify,
}: {
  subjectId: string;
  lessonId: string;
  scheduleId: string;
  actor: { id: string; role: AccountRole } | null;
  notify: (text: string, ok: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const database = useDatabase();
  const schedule = useLiveQuery((db) => schedule$(db, scheduleId), [scheduleId]);
  const lesson = useLiveQuery((db) => lesson$(db, lessonId), [lessonId]);
  const subjectClass = useLiveQuery(
    (db) => (schedule ? subjectClass$(db, schedule.classId) : null),
    [schedule?.classId],
  );
  const plan = useLiveQuery((db) => sittingPlan$(db, subjectId, scheduleId), [subjectId, scheduleId]);
  const notes = useLiveQuery(
    (db) => (plan ? planNotes$(db, subjectId, plan.id) : null),
    [subjectId, plan?.id],
  );
  const writeStates = useLiveQuery((db) => writeStates$(db, 'notes'), []);
  // The form starts from the stored plan once it is read; a later change of it (a sync, another device)
  // never replaces what the user typed (useLiveForm) but shows a note.
  const form = useLiveForm<StoredPlan | null, PlanValues>(plan, planValuesOf);
  const values = form.values;
  const [errors, setErrors] = useState<FormErrors>({});
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);

  if (schedule === undefined || lesson === undefined || plan === undefined || !values || !database) {
    return <Spinner label={t`Loading`} />;
  }
  if (!schedule || !lesson || schedule.subjectId !== subjectId || schedule.lessonId !== lessonId) {
    return <p role="alert">{errorMessage(i18n, 'not_found')}</p>;
  }
  const lessonType = lessonTypeSchema.catch(LessonType.lesson).parse(lesson.type);
  const sitting: PlanSitting = {
    subjectId,
    universityId: schedule.universityId,
    lessonId,
    scheduleId,
    lessonType,
    teacherIds: [...new Set([...schedule.teacherIds, ...(subjectClass?.teacherIds ?? [])])],
  };
  const canEdit = actor !== null && mayEditClassWork(actor, sitting.teacherIds);
  const status = lessonPlanStatus(
    plan ? { publish: planPublishSchema.catch(PlanPublish.draft).parse(plan.publish) } : null,
  );
  const syncState = plan ? (writeStates?.get(plan.id) ?? 'saved') : null;
  const set = (patch: Partial<PlanValues>) => form.setValues((current) => ({ ...current, ...patch }));
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);
  const field = fieldBinder(values, set, errorOf);
  const refused = (refusal: PlanRefusal) =>
    refusal.kind === 'forbidden' ? notify(errorMessage(i18n, 'forbidden'), false) : setErrors(refusal.errors);

  const save = async (publish: PlanPublish) => {
    if (!actor) return;
    const refusal = await savePlan(database, actor, sitting, plan, { ...values, publish });
    if (refusal) {
      refused(refusal);
      return;
    }
    setErrors({});
    set({ publish });
    // What was just written is the form's new starting point: the stored plan that comes back is no news.
    form.markSaved();
    notify(i18n._(SAVED_MESSAGES[lessonType][publish]), true);
  };

  const storeNote = async () => {
    if (!actor || !plan) return;
    const refusal = await addPlanNote(database, actor, sitting, plan.id, note);
    if (refusal) {
      if (refusal.kind === 'invalid') setNoteError(errorMessage(i18n, refusal.errors.content));
      else refused(refusal);
      return;
    }
    setNote('');
    setNoteError(undefined);
    notify(t`Note added to the plan`, true);
  };

  return (
    <Screen
      title={
        <>
          {lessonType === LessonType.exam ? <Trans>Exam plan</Trans> : <Trans>Lesson plan</Trans>} ·{' '}
          {lesson.name}
        </>
      }
      className="max-w-3xl"
      titleClassName="break-words"
    >
      <p className="text-sm text-slate-700">
        {schedule.day} {schedule.startTime.slice(0, 5)}–{schedule.endTime.slice(0, 5)}
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">
          <Trans>Plan status</Trans>
        </span>
        <span data-testid="plan-status" data-status={status} className="rounded bg-slate-100 px-2 py-0.5">
          {i18n._(PLAN_STATUS_LABELS[status])}
        </span>
        {syncState && (
          <span data-testid="plan-sync" data-state={syncState} className="text-slate-600">
            {syncState === 'waiting' ? (
              <Trans>Waiting to sync</Trans>
            ) : syncState === 'refused' ? (
              <Trans>Not synced: see sync issues</Trans>
            ) : (
              <Trans>Synced</Trans>
            )}
          </span>
        )}
      </p>
      <ChangedMeanwhileNote form={form} />
      <dl className="grid gap-2 rounded border border-slate-200 p-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium">
            <Trans>Table of contents</Trans>
          </dt>
          <dd className="break-words">{lesson.tableOfContents || '—'}</dd>
        </div>
        <div>
          <dt className="font-medium">
            <Trans>Overview</Trans>
          </dt>
          <dd className="break-words">{lesson.overview || '—'}</dd>
        </div>
        <div>
          <dt className="font-medium">
            <Trans>Minutes</Trans>
          </dt>
          <dd>{lesson.minutes ?? '—'}</dd>
        </div>
      </dl>
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <TextAreaField
          label={t`Plan content`}
          hint={t`Bold, italic, lists and links are kept; other formatting is removed.`}
          {...field('content')}
        />
        <RepeatedRows
          legend={<Trans>Links</Trans>}
          rows={values.links}
          addLabel={<Trans>Add link</Trans>}
          newRow={() => ({ title: '', link: '' })}
          onChange={(links) => set({ links })}
          rowClassName="sm:grid-cols-[1fr_2fr_auto]"
        >
          {(link, index, update) => (
            <>
              <TextField
                label={t`Link title`}
                value={link.title}
                error={errorOf(`links.${index}.title`)}
                onChange={(event) => update({ title: event.target.value })}
              />
              <TextField
                label={t`URL`}
                type="url"
                value={link.link}
                error={errorOf(`links.${index}.link`)}
                onChange={(event) => update({ link: event.target.value })}
              />
            </>
          )}
        </RepeatedRows>
        <RepeatedRows
          legend={<Trans>Contact links for students</Trans>}
          rows={values.contactToStudent}
          addLabel={<Trans>Add contact link</Trans>}
          newRow={() => ({ url: '' })}
          onChange={(contactToStudent) => set({ contactToStudent })}
          rowClassName="sm:grid-cols-[1fr_auto]"
        >
          {(link, index, update) => (
            <TextField
              label={t`URL`}
              type="url"
              value={link.url}
              error={errorOf(`contact_to_student.${index}.url`)}
              onChange={(event) => update({ url: event.target.value })}
            />
          )}
        </RepeatedRows>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void save(PlanPublish.draft)}>
              <Trans>Save temporarily</Trans>
            </Button>
            <Button onClick={() => void save(PlanPublish.published)}>
              <Trans>Register plan</Trans>
            </Button>
          </div>
        )}
      </fieldset>
      {plan?.content && (
        <section aria-labelledby="plan-saved-content" className="rounded border border-slate-200 p-3">
          <h2 id="plan-saved-content" className="mb-1 font-semibold">
            <Trans>Saved plan</Trans>
          </h2>
          <SafeHtml html={plan.content} className="break-words text-sm" />
        </section>
      )}
      {plan && (
        <section aria-labelledby="plan-notes-title" className="flex flex-col gap-2">
          <h2 id="plan-notes-title" className="font-semibold">
            <Trans>Notes for the next teacher</Trans>
          </h2>
          <ul className="flex flex-col gap-2" data-testid="plan-notes">
            {(notes ?? []).map((row) => (
              <li key={row.id} className="rounded bg-slate-50 p-2 text-sm">
                <SafeHtml html={row.content ?? ''} className="break-words" />
              </li>
            ))}
          </ul>
          {canEdit && (
            <div className="flex flex-col gap-2">
              <TextAreaField
                label={t`New note`}
                rows={3}
                value={note}
                error={noteError}
                onChange={(event) => setNote(event.target.value)}
              />
              <div>
                <Button variant="secondary" onClick={() => void storeNote()}>
                  <Trans>Add note</Trans>
                </Button>
              </div>
            </div>
          )}
        </section>
      )}
    </Screen>
  );
}
