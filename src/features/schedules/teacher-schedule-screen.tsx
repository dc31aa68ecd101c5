import { Trans, useLingui } from '@lingui/react/macro';
import { mayReadTimesheet } from '../../../domain/permissions';
import { Role } from '../../../domain/roles';
import { SyncCollection } from '../../../domain/sync';
import { useSessionUser } from '../../app/session-context';
import { teachers$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import { CheckboxField } from '../../ui/checkbox-field';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { ArrivingOrEmpty } from '../shared/arriving-or-empty';
import { personLabels } from '../shared/distinct-options';
import type { CalendarView } from './calendar-search';
import { ScheduleCalendar } from './schedule-calendar';
import type { ScheduleScreenProps } from './schedule-search';
import { useSavedFilter } from './school-schedule-screen';
import { TimesheetPanel } from './timesheet-panel';

/** The teacher calendar's teachers and view, as its URL holds them. */
export interface TeacherScheduleState {
  teachers: readonly string[];
  view: CalendarView;
  date: string;
}

/**
 * `/schedule/teacher` (SPEC §2, staff but 3): one or more teachers' sittings by month, week or day from the
 * local database, not monthly by default (SPEC §9), and the first chosen teacher's timesheet for the year
 * shown. Before a choice (in the address or saved) a teacher sees their own; an admin or observer, who
 * teaches nothing, sees the picker open and asked to choose: no guessed teacher, and no empty calendar.
 */
export function TeacherScheduleScreen({
  role,
  userId,
  state,
  today,
  isMobile,
  onChange,
}: ScheduleScreenProps<TeacherScheduleState> & { userId: string }) {
  const { t } = useLingui();
  const teachers = useLiveQuery((database) => teachers$(database), []) ?? [];
  const save = useSavedFilter(state.teachers.length === 0, (filter) =>
    onChange({ ...state, teachers: filter.teachers, view: filter.monthly ? 'month' : 'week' }),
  );
  const shown = state.teachers.length > 0 ? state.teachers : role === Role.teacher ? [userId] : [];
  const chosenCount = shown.length;
  const change = (next: TeacherScheduleState) => {
    onChange(next);
    save({ teachers: [...next.teachers], monthly: next.view === 'month' });
  };
  const toggle = (teacherId: string, on: boolean) =>
    change({
      ...state,
      teachers: on
        ? [...shown.filter((id) => id !== teacherId), teacherId]
        : shown.filter((id) => id !== teacherId),
    });
  // The signed-in teacher's own name is known before the people collection has arrived (a first sync).
  const sessionUser = useSessionUser();
  const names = new Map(teachers.map((teacher) => [teacher.id, teacher.name]));
  // Namesakes ("林 葵" three times) read apart in the picker by the shared rule for people (issue 42 row 9).
  const labels = personLabels(teachers);
  if (sessionUser && !names.has(sessionUser.id)) names.set(sessionUser.id, sessionUser.name);
  const exportName = shown.flatMap((id) => names.get(id) ?? []).join(', ') || t`Teacher schedule`;
  const timesheetTeacher = shown.find(
    (id) => teachers.some((teacher) => teacher.id === id) && mayReadTimesheet({ id: userId, role }, id),
  );

  return (
    <Screen title={<Trans>Teacher schedule</Trans>}>
      <details className="rounded border border-slate-200 p-2" open={shown.length === 0 || undefined}>
        <summary className="cursor-pointer text-sm font-medium">
          {t`Teachers (${chosenCount} chosen)`}
        </summary>
        {teachers.length === 0 && (
          <div className="mt-2">
            <ArrivingOrEmpty inline collections={[SyncCollection.people]} empty={t`No teachers yet.`} />
          </div>
        )}
        <div className="mt-2 grid max-h-64 grid-cols-1 gap-2 overflow-auto sm:grid-cols-3">
          {teachers.map((teacher) => (
            <CheckboxField
              key={teacher.id}
              label={labels.get(teacher.id) ?? teacher.name}
              checked={shown.includes(teacher.id)}
              onCheckedChange={(on) => toggle(teacher.id, on)}
            />
          ))}
        </div>
      </details>
      {shown.length === 0 ? (
        <EmptyState title={t`Choose one or more teachers above to see their sittings.`} />
      ) : (
        <ScheduleCalendar
          who={{ kind: 'teacher', teacherIds: shown }}
          role={role}
          view={state.view}
          date={state.date}
          today={today}
          isMobile={isMobile}
          title={t`Teacher schedule`}
          exportName={exportName}
          fromServer={role === Role.teacher && shown.some((id) => id !== userId)}
          onChange={({ view, date }) =>
            view === state.view ? onChange({ ...state, date }) : change({ ...state, view, date })
          }
        />
      )}
      {timesheetTeacher && (
        <TimesheetPanel teacherId={timesheetTeacher} year={Number(state.date.slice(0, 4))} />
      )}
    </Screen>
  );
}
