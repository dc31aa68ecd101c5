import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import type { ScheduleFilter } from '../../../domain/schemas/schedules';
import { appToasts } from '../../app/toasts';
import { useMasterDocs } from '../../db/use-master-docs';
import { ClientErrorCode, errorMessage } from '../../i18n/error-messages';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { facultyOptions, namesOf, yearCodeOptions } from '../shared/distinct-options';
import type { CalendarView } from './calendar-search';
import { ScheduleCalendar } from './schedule-calendar';
import { saveScheduleFilter, useSavedScheduleFilter } from './schedule-calls';
import type { ScheduleScreenProps } from './schedule-search';

/** The school calendar's place and view, as its URL holds them. */
export interface SchoolScheduleState {
  university: string | null;
  faculty: string | null;
  yearCode: string | null;
  view: CalendarView;
  date: string;
}

/**
 * A filter with only the teachers the server offers as teachers (`get-filter`'s `users`): a saved choice whose
 * teacher has since left, or an id that names no teacher (the signed-in admin's own), is dropped, so the
 * filter shown and the filter saved never hold an id the server refuses (`save-filter` answers 422 on one).
 */
export function withOnlyTeachers(
  filter: ScheduleFilter,
  teachers: readonly { id: string }[],
): ScheduleFilter {
  const known = new Set(teachers.map((teacher) => teacher.id));
  return { ...filter, teachers: filter.teachers.filter((id) => known.has(id)) };
}

/**
 * Applies the saved filter (`get-filter`) once, when the URL names no place yet: the filter follows the user
 * across devices. Returns the save to call when the user changes the place or the view. A save the server
 * refuses is said in a toast; offline it is skipped (a preference), and the next change made online stores
 * the whole filter.
 */
export function useSavedFilter(
  empty: boolean,
  apply: (filter: ScheduleFilter) => void,
): (change: Partial<ScheduleFilter>) => void {
  const { t, i18n } = useLingui();
  const saved = useSavedScheduleFilter();
  const applied = useRef(false);
  const answer = saved.value;
  const filter = answer?.filter ? withOnlyTeachers(answer.filter, answer.users) : null;
  useEffect(() => {
    if (applied.current || !filter) return;
    applied.current = true;
    if (empty) apply(filter);
  }, [filter, empty, apply]);
  return (change) => {
    applied.current = true;
    // Which ids are teachers is known from get-filter's answer only: before it, nothing is saved rather than
    // ids the server may refuse.
    if (!answer) return;
    const base: ScheduleFilter = filter ?? {
      university: null,
      faculty: null,
      yearCode: null,
      teachers: [],
      monthly: true,
    };
    void saveScheduleFilter(withOnlyTeachers({ ...base, ...change }, answer.users)).then((result) => {
      if (result.ok || result.failure.code === ClientErrorCode.offlineNow) return;
      appToasts.show({
        tone: 'error',
        title: t`Your schedule choice could not be saved.`,
        description: errorMessage(i18n, result.failure.code),
      });
    });
  };
}

/**
 * `/schedule/school` (SPEC §2, staff but 3): a university, faculty and year code's sittings by month, week or
 * day, coloured by year code, from the local database. Monthly by default (SPEC §9).
 */
export function SchoolScheduleScreen({
  role,
  state,
  today,
  isMobile,
  onChange,
}: ScheduleScreenProps<SchoolScheduleState>) {
  const { t } = useLingui();
  const universities = useMasterDocs(MasterKind.universities).rows;
  const faculties = useMasterDocs(MasterKind.faculties).rows.filter(
    (row) => state.university === null || row.universityId === state.university,
  );
  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows.filter(
    (row) => state.faculty === null || row.facultyId === state.faculty,
  );
  // Faculties and year codes repeat across universities ("2025A"): each names its faculty or university there.
  const names = namesOf(universities, useMasterDocs(MasterKind.faculties).rows);
  const save = useSavedFilter(state.university === null, (filter) =>
    onChange({
      ...state,
      university: filter.university,
      faculty: filter.faculty,
      yearCode: filter.yearCode,
      view: filter.monthly ? 'month' : 'week',
    }),
  );
  const change = (next: SchoolScheduleState) => {
    onChange(next);
    save({
      university: next.university,
      faculty: next.faculty,
      yearCode: next.yearCode,
      monthly: next.view === 'month',
    });
  };
  const options = (rows: readonly { id: string; name: string }[]) =>
    rows.map((row) => ({ value: row.id, label: row.name }));
  const chosen = (value: string) => (value === '' ? null : value);

  return (
    <Screen title={<Trans>School schedule</Trans>}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label={t`University`}
          value={state.university ?? ''}
          placeholder={t`All`}
          options={options(universities)}
          onChange={(event) =>
            change({ ...state, university: chosen(event.target.value), faculty: null, yearCode: null })
          }
        />
        <SelectField
          label={t`Faculty`}
          value={state.faculty ?? ''}
          placeholder={t`All`}
          options={facultyOptions(faculties, names)}
          onChange={(event) => change({ ...state, faculty: chosen(event.target.value), yearCode: null })}
        />
        <SelectField
          label={t`Year code`}
          value={state.yearCode ?? ''}
          placeholder={t`All`}
          options={yearCodeOptions(yearCodes, names)}
          onChange={(event) => change({ ...state, yearCode: chosen(event.target.value) })}
        />
      </div>
      <ScheduleCalendar
        who={{
          kind: 'school',
          universityId: state.university,
          facultyId: state.faculty,
          yearCodeId: state.yearCode,
        }}
        role={role}
        view={state.view}
        date={state.date}
        today={today}
        isMobile={isMobile}
        title={t`School schedule`}
        onChange={({ view, date }) =>
          view === state.view ? onChange({ ...state, date }) : change({ ...state, view, date })
        }
      />
    </Screen>
  );
}
