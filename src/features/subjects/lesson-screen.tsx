import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { endHourDisabled } from '../../../domain/copy-subject';
import { type LessonPlanStatus, LessonType } from '../../../domain/lessons';
import type { AccountRole } from '../../../domain/roles';
import { examWriteSchema, lessonWriteSchema } from '../../../domain/schemas/lessons';
import type { Subject } from '../../../domain/schemas/subjects';
import { planIdOf } from '../../../domain/sync-ids';
import { teachers$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import { errorMessage } from '../../i18n/error-messages';
import { PLAN_STATUS_LABELS } from '../../i18n/plan-status-labels';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DatePicker } from '../../ui/date-picker';
import { fieldBinder } from '../../ui/field-binder';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { Spinner } from '../../ui/spinner';
import { NumberField, TextField } from '../../ui/text-field';
import { TimePicker } from '../../ui/time-picker';
import { localToday } from '../shared/local-clock';
import { type FormErrors, failureDetail, failureErrors, zodErrors } from './form-errors';
import {
  emptyLesson,
  type LessonFieldLabels,
  type LessonValues,
  lessonBody,
  lessonFieldLabel,
  lessonValues,
  newRowKey,
  type SittingRow,
} from './lesson-form';
import { MemoSection } from './memo-section';
import {
  deleteLesson,
  deleteSchedule,
  readLessonDetail,
  readLessonStudents,
  readSubject,
  saveLesson,
} from './subject-calls';
import { TeacherChecks } from './teacher-checks';
import { optionsOf, useMasterNames } from './use-master-names';

/**
 * A lesson or exam with its dated sittings (`/academic/subjects/{id}/lessons/{id}`; `new` adds one): name,
 * contents, minutes, for an exam its exam name and score names, and sittings (class, day, start and end at a
 * 5-minute step, room, teachers). Saved as a draft (back to the drafts tab, SPEC §4) or published; a failure
 * reads `store_lesson_exam_failed` with the errors (SPEC §5, §8).
 */
export function LessonScreen({
  subjectId,
  lessonId,
  examWhenNew,
  canEdit,
  actor,
  notify,
  onDone,
  onDirtyChange,
}: {
  subjectId: string;
  lessonId: string | null;
  examWhenNew: boolean;
  canEdit: boolean;
  actor: { id: string; role: AccountRole } | null;
  notify: (text: string, ok: boolean) => void;
  onDone: (tab: 'drafts' | 'lessons' | 'exams') => void;
  /** Told whether the form holds edits not saved yet, for the unsaved-edits guard (SPEC §4). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const master = useMasterNames();
  const teachers = useLiveQuery((database) => teachers$(database), []) ?? [];
  const [subject, setSubject] = useState<Subject | null>(null);
  const [values, setValues] = useState<LessonValues | null>(lessonId === null ? emptyLesson() : null);
  // What the form was opened with: its edits are the difference, which the unsaved-edits guard holds.
  const [opened, setOpened] = useState<LessonValues | null>(values);
  const dirty = values !== null && opened !== null && JSON.stringify(values) !== JSON.stringify(opened);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [exam, setExam] = useState(examWhenNew);
  const [plans, setPlans] = useState<Record<string, { planId: string | null; status: LessonPlanStatus }>>({});
  const [students, setStudents] = useState<{ id: string; identity: string; name: string }[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [details, setDetails] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'lesson' } | { kind: 'schedule'; row: SittingRow } | null>(
    null,
  );

  useEffect(() => {
    let live = true;
    void readSubject(subjectId).then((answer) => live && answer.ok && setSubject(answer.value));
    if (lessonId !== null) {
      void readLessonDetail(subjectId, lessonId).then((answer) => {
        if (!live) return;
        if (answer.ok) {
          const stored = lessonValues(answer.value);
          setValues(stored);
          setOpened(stored);
          setExam(answer.value.type === LessonType.exam);
          setPlans(
            Object.fromEntries(
              answer.value.schedule.map((row) => [row.id, { planId: row.plan_id, status: row.plan_status }]),
            ),
          );
        } else setErrors({ form: answer.failure.code });
      });
      void readLessonStudents(subjectId, lessonId).then(
        (answer) => live && answer.ok && setStudents(answer.value.students),
      );
    }
    return () => {
      live = false;
    };
  }, [subjectId, lessonId]);

  if (!values || !subject) {
    return errors.form ? (
      <p role="alert">{errorMessage(i18n, errors.form)}</p>
    ) : (
      <Spinner label={t`Loading`} />
    );
  }
  const set = (patch: Partial<LessonValues>) => setValues({ ...values, ...patch });
  const setRow = (key: string, patch: Partial<SittingRow>) =>
    set({ schedules: values.schedules.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const setScoreName = (key: string, patch: Partial<LessonValues['score_names'][number]>) =>
    set({ score_names: values.score_names.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const errorOf = (field: string) => (errors[field] ? errorMessage(i18n, errors[field]) : undefined);
  const field = fieldBinder(values, set, errorOf);
  const withDetail = (field: string) => {
    const text = errorOf(field);
    return text && details[field] ? `${text} (${details[field]})` : text;
  };

  const fieldLabels: LessonFieldLabels = {
    fields: {
      name: exam ? t`Exam name` : t`Lesson name`,
      minutes: t`Minutes`,
      table_of_contents: t`Table of contents`,
      overview: t`Overview`,
      exam_name_id: t`Exam type`,
      score_names: t`Score names`,
      schedules: t`Schedules`,
    },
    sittingFields: {
      class_id: t`Class`,
      day: t`Day`,
      start_time: t`Start`,
      end_time: t`End`,
      room_id: t`Room`,
      teacher_ids: t`Teachers`,
    },
    scoreNameFields: { name: t`Score name`, full_score: t`Full score` },
    sitting: (n) => t`Schedule ${n}`,
    scoreName: (n) => t`Score name ${n}`,
  };

  const save = async (draft: boolean) => {
    const body = lessonBody(values, exam);
    const parsed = (exam ? examWriteSchema : lessonWriteSchema).safeParse(body);
    if (!parsed.success) {
      setErrors({ ...zodErrors(parsed.error), summary: 'store_lesson_exam_failed' });
      return;
    }
    setBusy(true);
    const answer = await saveLesson(subjectId, lessonId, exam, draft, parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const codes = failureErrors(answer.failure);
      const found: Record<string, string> = {};
      for (const field of Object.keys(codes)) {
        const detail = failureDetail(answer.failure, field);
        if (detail) found[field] = detail;
      }
      setDetails(found);
      // Said once, in the box above the form that names each field (no toast repeating it).
      setErrors({ ...codes, summary: 'store_lesson_exam_failed' });
      return;
    }
    setErrors({});
    notify(
      exam ? (draft ? t`Exam draft saved` : t`Exam saved`) : draft ? t`Lesson draft saved` : t`Lesson saved`,
      true,
    );
    onDone(draft ? 'drafts' : exam ? 'exams' : 'lessons');
  };

  const removeLesson = async () => {
    setConfirm(null);
    if (lessonId === null) return;
    const answer = await deleteLesson(subjectId, lessonId);
    if (answer.ok) {
      notify(t`Lesson deleted`, true);
      onDone('lessons');
    } else notify(errorMessage(i18n, answer.failure.errors ? 'has_records' : answer.failure.code), false);
  };

  const removeRow = async (row: SittingRow) => {
    setConfirm(null);
    if (row.id && lessonId !== null) {
      const answer = await deleteSchedule(subjectId, lessonId, row.id);
      if (!answer.ok) {
        notify(errorMessage(i18n, answer.failure.code), false);
        return;
      }
      notify(t`Schedule deleted`, true);
    }
    set({ schedules: values.schedules.filter((other) => other.key !== row.key) });
  };

  const classOptions = subject.class_with_students.map((row) => ({ value: row.id, label: row.name }));
  const examNames = master.examNames
    .filter((row) => row.subjectNameId === null || row.subjectNameId === subject.subject_name_id)
    .map((row) => ({ value: row.id, label: row.name }));

  return (
    <Screen
      title={
        <>
          {subject.name} ·{' '}
          {lessonId === null ? exam ? <Trans>New exam</Trans> : <Trans>New lesson</Trans> : values.name}
        </>
      }
      className="max-w-4xl"
    >
      {errors.summary && (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">
            <Trans>The lesson or exam could not be saved.</Trans>
          </p>
          <ul className="list-disc pl-5">
            {Object.entries(errors)
              .filter(([field]) => field !== 'summary')
              .map(([field, code]) => {
                const label = lessonFieldLabel(field, fieldLabels);
                const text = `${errorMessage(i18n, code)}${details[field] ? ` (${details[field]})` : ''}`;
                return <li key={field}>{label ? `${label}: ${text}` : text}</li>;
              })}
          </ul>
        </div>
      )}
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={exam ? t`Exam name` : t`Lesson name`} required {...field('name')} />
          <NumberField label={t`Minutes`} {...field('minutes')} />
          <TextField label={t`Table of contents`} {...field('table_of_contents')} />
          <TextField label={t`Overview`} {...field('overview')} />
          {exam && (
            <SelectField
              label={t`Exam type`}
              required
              placeholder={t`Choose`}
              options={examNames}
              {...field('exam_name_id')}
            />
          )}
        </div>
        {exam && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-lg font-semibold">
              <Trans>Score names</Trans>
            </legend>
            {values.score_names.map((row, index) => (
              <div key={row.key} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
                <TextField
                  label={t`Score name`}
                  value={row.name}
                  error={errorOf(`score_names.${index}.name`)}
                  onChange={(event) => setScoreName(row.key, { name: event.target.value })}
                />
                <NumberField
                  label={t`Full score`}
                  value={row.full_score}
                  error={errorOf(`score_names.${index}.full_score`)}
                  onChange={(event) => setScoreName(row.key, { full_score: event.target.value })}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    set({ score_names: values.score_names.filter((other) => other.key !== row.key) })
                  }
                >
                  <Trans>Remove</Trans>
                </Button>
              </div>
            ))}
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  set({
                    score_names: [
                      ...values.score_names,
                      { key: newRowKey(), name: '', full_score: '100', option_plus: false, parent_id: null },
                    ],
                  })
                }
              >
                <Trans>Add score name</Trans>
              </Button>
            </div>
          </fieldset>
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-lg font-semibold">
            <Trans>Schedules</Trans>
          </legend>
          {values.schedules.map((row, index) => {
            const at = (field: string) => `schedules.${index}.${field}`;
            return (
              <div
                key={row.key}
                data-testid="sitting-row"
                className="flex flex-col gap-2 rounded border border-slate-200 p-3"
              >
                <p className="text-sm font-medium text-slate-700">{fieldLabels.sitting(index + 1)}</p>
                <div className="grid gap-2 sm:grid-cols-4">
                  <SelectField
                    label={t`Class`}
                    required
                    placeholder={t`Choose`}
                    options={classOptions}
                    value={row.class_id}
                    error={errorOf(at('class_id'))}
                    onChange={(event) => setRow(row.key, { class_id: event.target.value })}
                  />
                  <DatePicker
                    label={t`Day`}
                    required
                    min={subject.start_date ?? undefined}
                    max={subject.end_date ?? undefined}
                    value={row.day}
                    error={errorOf(at('day'))}
                    onChange={(day) => setRow(row.key, { day })}
                  />
                  <TimePicker
                    label={t`Start`}
                    value={row.start_time}
                    error={errorOf(at('start_time'))}
                    onChange={(start_time) => setRow(row.key, { start_time, end_time: '' })}
                  />
                  <TimePicker
                    label={t`End`}
                    value={row.end_time}
                    error={errorOf(at('end_time'))}
                    isHourDisabled={(hour) => endHourDisabled(row.start_time || null, Number(hour))}
                    onChange={(end_time) => setRow(row.key, { end_time })}
                  />
                </div>
                <SelectField
                  label={t`Room`}
                  placeholder={t`No room`}
                  options={optionsOf(master.rooms, subject.university.id)}
                  value={row.room_id}
                  error={withDetail(at('room_id'))}
                  onChange={(event) => setRow(row.key, { room_id: event.target.value })}
                />
                <TeacherChecks
                  teachers={teachers}
                  chosen={row.teacher_ids}
                  day={row.day || localToday()}
                  error={withDetail(at('teacher_ids'))}
                  onChange={(teacher_ids) => setRow(row.key, { teacher_ids })}
                />
                <div className="flex flex-wrap items-center gap-2">
                  {row.id && lessonId !== null && (
                    <Link
                      to="/academic/subjects/$subjectId/lessons/$lessonId/schedules/$scheduleId/plans/$planId"
                      params={{
                        subjectId,
                        lessonId,
                        scheduleId: row.id,
                        planId: plans[row.id]?.planId ?? planIdOf(row.id),
                      }}
                      className="text-sm text-blue-700 underline"
                    >
                      <Trans>Plan</Trans>
                      {plans[row.id] && ` (${i18n._(PLAN_STATUS_LABELS[plans[row.id]?.status ?? 0])})`}
                    </Link>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => (row.id ? setConfirm({ kind: 'schedule', row }) : void removeRow(row))}
                  >
                    <Trans>Delete schedule</Trans>
                  </Button>
                </div>
              </div>
            );
          })}
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                set({
                  schedules: [
                    ...values.schedules,
                    {
                      key: newRowKey(),
                      class_id: classOptions[0]?.value ?? '',
                      day: '',
                      start_time: '',
                      end_time: '',
                      room_id: '',
                      teacher_ids: [],
                    },
                  ],
                })
              }
            >
              <Trans>Add schedule</Trans>
            </Button>
          </div>
        </fieldset>
      </fieldset>
      {students.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">
            <Trans>Students in this lesson ({students.length})</Trans>
          </summary>
          <ul className="mt-1 text-sm">
            {students.map((student) => (
              <li key={student.id}>
                {student.identity} {student.name}
              </li>
            ))}
          </ul>
        </details>
      )}
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={busy} onClick={() => void save(true)}>
            <Trans>Save as draft</Trans>
          </Button>
          <Button busy={busy} onClick={() => void save(false)}>
            <Trans>Publish</Trans>
          </Button>
          {lessonId !== null && (
            <Button variant="danger" onClick={() => setConfirm({ kind: 'lesson' })}>
              <Trans>Delete lesson</Trans>
            </Button>
          )}
        </div>
      )}
      {lessonId !== null && (
        <MemoSection
          subjectId={subjectId}
          sittings={values.schedules.flatMap((row) =>
            row.id
              ? [
                  {
                    id: row.id,
                    label: `${row.day} ${row.start_time}–${row.end_time} ${
                      classOptions.find((option) => option.value === row.class_id)?.label ?? ''
                    }`.trim(),
                  },
                ]
              : [],
          )}
          actor={actor}
          notify={notify}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'lesson' ? t`Delete this lesson?` : t`Delete this schedule?`}
        destructive
        onConfirm={() => {
          if (confirm?.kind === 'schedule') void removeRow(confirm.row);
          else void removeLesson();
        }}
        onCancel={() => setConfirm(null)}
      />
    </Screen>
  );
}
