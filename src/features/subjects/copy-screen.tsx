import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import {
  copyPayload,
  copyStartDate,
  defaultCopyDay,
  endHourDisabled,
  endMinuteOptions,
  lessonBatches,
  withDay,
  withStartTime,
} from '../../../domain/copy-subject';
import type { CopySubjectRow, Subject } from '../../../domain/schemas/subjects';
import {
  type CopyRow,
  copyFormHasErrors,
  keepAvailableTeachers,
  type RetirableTeacher,
  teachersAvailableOn,
  validateCopyRow,
} from '../../../domain/validation';
import type { WeekdayId } from '../../../domain/weekdays';
import { teachers$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DatePicker } from '../../ui/date-picker';
import { CONTROL_CLASS } from '../../ui/field';
import { Screen } from '../../ui/screen';
import { Spinner } from '../../ui/spinner';
import { TimePicker } from '../../ui/time-picker';
import { personLabels } from '../shared/distinct-options';
import { copySubject, publishCopiedLessons, readCopyRows, readSubject } from './subject-calls';
import { optionsOf, useMasterNames } from './use-master-names';
import { useWeekdayName } from './weekday-names';

/** One row of the copy table: a class on one suggested weekday, with its form state. */
type Row = CopyRow & {
  key: string;
  class_name_id: string;
  class_id: string;
  name: string;
  suggest_date: WeekdayId;
};
type Column = 'teacher' | 'room' | 'schedule';

function initialRows(
  rows: readonly CopySubjectRow[],
  start: string,
  teachers: readonly RetirableTeacher[],
): Row[] {
  return rows.flatMap((row) =>
    row.suggestDates.map((suggest) => {
      const day = defaultCopyDay(start, suggest.id);
      const first = row.first_schedule;
      const teacherIds = first && day ? keepAvailableTeachers(first.teacher_id, teachers, day) : [];
      return {
        key: `${row.class_id}-${suggest.id}`,
        class_name_id: row.class_name_id,
        class_id: row.class_id,
        name: row.name,
        suggest_date: suggest.id,
        selected: true,
        day,
        start_time: first?.start_time ?? null,
        end_time: first?.end_time ?? null,
        teacherChecked: teacherIds.length > 0,
        teacher_ids: teacherIds,
        roomChecked: first?.room_id != null,
        room_id: first?.room_id ?? null,
      };
    }),
  );
}

/**
 * The copy-subject screen (SPEC §2, §4, §5): a table per class, one row per suggested weekday, with the first
 * sitting's date and times, teachers and room, each column with a check-all that asks before it changes the
 * column. Rows follow the copy form rules of domain/copy-subject.ts; the buttons stay disabled while a row has
 * an error. Register publishes the copy's lessons in batches of 10, one after another, skipping failures.
 */
export function CopyScreen({
  subjectId,
  notify,
  onDone,
}: {
  subjectId: string;
  notify: (text: string, ok: boolean) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const weekdayName = useWeekdayName();
  const master = useMasterNames();
  const people = useLiveQuery((database) => teachers$(database), []);
  const [subject, setSubject] = useState<Subject | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [pending, setPending] = useState<{ column: Column; on: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const teachers = (people ?? []).map((person) => ({
    id: person.id,
    name: person.name,
    deactive: { retire_at: person.retireAt },
  }));
  // Namesakes ("林 葵" three times) read apart by the shared rule for people (issue 42 row 9).
  const teacherLabels = personLabels(people ?? []);

  useEffect(() => {
    if (people === undefined) return;
    let live = true;
    const staff = people.map((person) => ({ id: person.id, deactive: { retire_at: person.retireAt } }));
    void Promise.all([readSubject(subjectId), readCopyRows(subjectId)]).then(
      ([subjectAnswer, rowsAnswer]) => {
        if (!live) return;
        if (!subjectAnswer.ok || !rowsAnswer.ok) {
          setFailure(
            subjectAnswer.ok ? (rowsAnswer.ok ? null : rowsAnswer.failure.code) : subjectAnswer.failure.code,
          );
          return;
        }
        setSubject(subjectAnswer.value);
        const start = copyStartDate(subjectAnswer.value.end_date ?? '');
        setRows((current) => current ?? initialRows(rowsAnswer.value.rows, start, staff));
      },
    );
    return () => {
      live = false;
    };
  }, [subjectId, people]);

  if (failure) return <p role="alert">{errorMessage(i18n, failure)}</p>;
  if (!rows || !subject) return <Spinner label={t`Loading`} />;

  const update = (key: string, change: (row: Row) => Row) =>
    setRows(rows.map((row) => (row.key === key ? change(row) : row)));
  const applyColumn = ({ column, on }: { column: Column; on: boolean }) => {
    setRows(
      rows.map((row) =>
        column === 'teacher'
          ? { ...row, teacherChecked: on }
          : column === 'room'
            ? { ...row, roomChecked: on }
            : { ...row, selected: on },
      ),
    );
    setPending(null);
  };
  const all = (column: Column) =>
    rows.every((row) =>
      column === 'teacher' ? row.teacherChecked : column === 'room' ? row.roomChecked : row.selected,
    );
  const hasErrors = copyFormHasErrors(rows) || !rows.some((row) => row.selected);

  const submit = async (isPublic: boolean) => {
    setBusy(t`A subject is being copied…`);
    const answer = await copySubject(subjectId, { isPublic, schedules: copyPayload(rows) });
    if (!answer.ok) {
      setBusy(null);
      notify(errorMessage(i18n, answer.failure.code), false);
      return;
    }
    if (answer.value.isPublic && answer.value.lessonsId.length > 0) {
      const batches = lessonBatches(answer.value.lessonsId);
      for (const [index, batch] of batches.entries()) {
        setBusy(t`Publishing lessons: batch ${index + 1} of ${batches.length}`);
        // SPEC §4: one batch after another; a failed batch is skipped.
        await publishCopiedLessons(answer.value.id, batch);
      }
    }
    setBusy(null);
    notify(t`Subject copied`, true);
    onDone();
  };

  const classes = [...new Map(rows.map((row) => [row.class_id, row.name])).entries()];
  const roomOptions = optionsOf(master.rooms, subject.university.id);

  return (
    <Screen title={<Trans>Copy subject: {subject.name}</Trans>} className="relative">
      <div className="flex flex-wrap gap-4">
        {(['schedule', 'teacher', 'room'] as const).map((column) => (
          <CheckboxField
            key={column}
            label={
              column === 'schedule'
                ? t`All schedules`
                : column === 'teacher'
                  ? t`All teachers in charge`
                  : t`All rooms`
            }
            checked={all(column)}
            onCheckedChange={(on) => setPending({ column, on })}
          />
        ))}
      </div>
      {classes.map(([classId, className]) => (
        <div key={classId} className="overflow-x-auto rounded border border-slate-200">
          <table className="w-full min-w-[56rem] text-left text-sm" aria-label={className}>
            <thead className="bg-slate-100">
              <tr>
                <th className="px-2 py-1">
                  <Trans>Copy</Trans>
                </th>
                <th className="px-2 py-1">
                  <Trans>Class</Trans>
                </th>
                <th className="px-2 py-1">
                  <Trans>Weekday</Trans>
                </th>
                <th className="px-2 py-1">
                  <Trans>First schedule</Trans>
                </th>
                <th className="px-2 py-1">
                  <Trans>Teachers in charge</Trans>
                </th>
                <th className="px-2 py-1">
                  <Trans>Room</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows
                .filter((row) => row.class_id === classId)
                .map((row) => {
                  const errors = validateCopyRow(row);
                  const message = (field: keyof typeof errors) =>
                    errors[field] ? errorMessage(i18n, errors[field]) : undefined;
                  const offered = row.day ? teachersAvailableOn(teachers, row.day) : teachers;
                  return (
                    <tr key={row.key} data-testid="copy-row" className="border-t border-slate-200 align-top">
                      <td className="px-2 py-1">
                        <CheckboxField
                          label={t`Copy this row`}
                          checked={row.selected}
                          onCheckedChange={(on) =>
                            update(row.key, (current) => ({ ...current, selected: on }))
                          }
                        />
                      </td>
                      <td className="px-2 py-1">{row.name}</td>
                      <td className="px-2 py-1">{weekdayName(row.suggest_date)}</td>
                      <td className="px-2 py-1">
                        <div className="flex flex-col gap-1">
                          <DatePicker
                            label={t`Date`}
                            value={row.day ?? ''}
                            error={message('day')}
                            onChange={(day) =>
                              update(row.key, (current) =>
                                withDay(current, day === '' ? null : day, teachers),
                              )
                            }
                          />
                          <TimePicker
                            label={t`Start`}
                            value={row.start_time ?? ''}
                            error={message('start_time')}
                            onChange={(start) =>
                              update(row.key, (current) =>
                                withStartTime(current, start === '' ? null : start),
                              )
                            }
                          />
                          <TimePicker
                            label={t`End`}
                            value={row.end_time ?? ''}
                            error={message('end_time')}
                            isHourDisabled={(hour) => endHourDisabled(row.start_time, Number(hour))}
                            isMinuteDisabled={(hour, minute) =>
                              hour !== '' &&
                              !endMinuteOptions(row.start_time, Number(hour)).includes(Number(minute))
                            }
                            onChange={(end) =>
                              update(row.key, (current) => ({
                                ...current,
                                end_time: end === '' ? null : end,
                              }))
                            }
                          />
                        </div>
                      </td>
                      <td className="px-2 py-1">
                        <CheckboxField
                          label={t`Set teachers`}
                          checked={row.teacherChecked}
                          onCheckedChange={(on) =>
                            update(row.key, (current) => ({ ...current, teacherChecked: on }))
                          }
                        />
                        <select
                          multiple
                          aria-label={t`Teachers in charge`}
                          disabled={!row.teacherChecked}
                          className={`${CONTROL_CLASS} h-24`}
                          value={[...row.teacher_ids]}
                          onChange={(event) => {
                            const chosen = [...event.target.selectedOptions].map((option) => option.value);
                            update(row.key, (current) => ({ ...current, teacher_ids: chosen }));
                          }}
                        >
                          {offered.map((teacher) => (
                            <option key={teacher.id} value={teacher.id}>
                              {teacherLabels.get(teacher.id) ?? teacher.name}
                            </option>
                          ))}
                        </select>
                        {message('teacher_id') && (
                          <p className="text-sm text-red-700">{message('teacher_id')}</p>
                        )}
                      </td>
                      <td className="px-2 py-1">
                        <CheckboxField
                          label={t`Set room`}
                          checked={row.roomChecked}
                          onCheckedChange={(on) =>
                            update(row.key, (current) => ({ ...current, roomChecked: on }))
                          }
                        />
                        <select
                          aria-label={t`Room`}
                          disabled={!row.roomChecked}
                          className={CONTROL_CLASS}
                          value={row.room_id ?? ''}
                          onChange={(event) =>
                            update(row.key, (current) => ({
                              ...current,
                              room_id: event.target.value === '' ? null : event.target.value,
                            }))
                          }
                        >
                          <option value="">--</option>
                          {roomOptions.map((room) => (
                            <option key={room.value} value={room.value}>
                              {room.label}
                            </option>
                          ))}
                        </select>
                        {message('room_id') && <p className="text-sm text-red-700">{message('room_id')}</p>}
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={hasErrors || busy !== null} onClick={() => void submit(false)}>
          <Trans>Save temporarily</Trans>
        </Button>
        <Button disabled={hasErrors || busy !== null} onClick={() => void submit(true)}>
          <Trans>Register</Trans>
        </Button>
      </div>
      {busy && (
        <div
          role="status"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-2 bg-white/80 text-lg"
        >
          <Spinner />
          <p>{busy}</p>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t`Change the whole column?`}
        description={t`Every row of this column will change.`}
        onConfirm={() => pending && applyColumn(pending)}
        onCancel={() => setPending(null)}
      />
    </Screen>
  );
}
