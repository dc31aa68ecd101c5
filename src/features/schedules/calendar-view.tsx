import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { addDays } from '../../../domain/dates';
import { monthGrid, monthOf, shiftMonth, weekDays, weekStartOf } from '../../../domain/schedules';
import { formatDate, formatMonth, formatTime, formatWeekday, WEEK_START } from '../../i18n/format';
import { type Locale, localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { ScreenLink } from '../shared/screen-link';
import { CALENDAR_VIEWS, type CalendarView as View } from './calendar-search';
import { attendanceHref, type CalendarSitting, sittingsByDay } from './calendar-sittings';
import { NowBadge } from './now-badge';

/** How far a view steps for "previous" and "next". */
function step(view: View, date: string, direction: 1 | -1): string {
  if (view === 'month') return `${shiftMonth(monthOf(date), direction)}-01`;
  return addDays(date, view === 'week' ? 7 * direction : direction) ?? date;
}

/** The first and last day a view shows around `date`: the month's whole weeks, the week, or the day. */
export function visibleRange(view: View, date: string, locale: Locale): { first: string; last: string } {
  if (view === 'day') return { first: date, last: date };
  if (view === 'week') {
    const first = weekStartOf(date, WEEK_START[locale]);
    return { first, last: addDays(first, 6) ?? first };
  }
  const weeks = monthGrid(monthOf(date), WEEK_START[locale]);
  return { first: weeks[0]?.[0] ?? date, last: weeks.at(-1)?.at(-1) ?? date };
}

/** Where a sitting links to: its lesson, and its attendance sheet opened on it when the user keeps one. */
export interface SittingLinks {
  lesson: boolean;
  attendance: boolean;
}

function lessonHref(sitting: CalendarSitting): string {
  return `/academic/subjects/${encodeURIComponent(sitting.subjectId)}/lessons/${encodeURIComponent(sitting.lessonId)}`;
}

/**
 * A calendar of sittings read from the local database: month, week or day around `date`, on a desktop as a
 * grid, on a phone (SPEC §2 mobile) the month as dots with the chosen day's list under it and week and day as
 * lists. Weeks start on the language's first day; dates and times in its formats.
 */
export function CalendarView({
  sittings,
  view,
  date,
  today,
  isMobile,
  links,
  title,
  emptyTitle,
  onChange,
}: {
  sittings: readonly CalendarSitting[];
  view: View;
  date: string;
  today: string;
  isMobile: boolean;
  links: SittingLinks;
  title: string;
  /** What a list of days without sittings says ("No sittings.", or that they are still arriving). */
  emptyTitle: string;
  onChange: (next: { view: View; date: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const byDay = sittingsByDay(sittings);
  const viewLabels: Record<View, string> = { month: t`Month`, week: t`Week`, day: t`Day` };
  const heading =
    view === 'month'
      ? formatMonth(monthOf(date), locale)
      : view === 'week'
        ? `${formatDate(visibleRange('week', date, locale).first, locale)} – ${formatDate(visibleRange('week', date, locale).last, locale)}`
        : `${formatDate(date, locale)} (${formatWeekday(date, locale)})`;
  /** The days as a list of their sittings: a phone's month and week, and every day view. */
  const dayList = (days: readonly string[]) => (
    <DayList days={days} byDay={byDay} locale={locale} links={links} today={today} emptyTitle={emptyTitle} />
  );

  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange({ view, date: step(view, date, -1) })}
          >
            <span aria-hidden="true">‹</span>
            <span className="sr-only">{t`Previous`}</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onChange({ view, date: today })}>
            <Trans>Today</Trans>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onChange({ view, date: step(view, date, 1) })}>
            <span aria-hidden="true">›</span>
            <span className="sr-only">{t`Next`}</span>
          </Button>
          <h2 className="ml-2 text-lg font-semibold" aria-live="polite">
            {heading}
          </h2>
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t`View`}</legend>
          {CALENDAR_VIEWS.map((candidate) => (
            <Button
              key={candidate}
              size="sm"
              variant={candidate === view ? 'primary' : 'secondary'}
              aria-pressed={candidate === view}
              onClick={() => onChange({ view: candidate, date })}
            >
              {viewLabels[candidate]}
            </Button>
          ))}
        </fieldset>
      </div>
      {view === 'month' && !isMobile && (
        <MonthTable
          date={date}
          today={today}
          locale={locale}
          byDay={byDay}
          onDay={(day) => onChange({ view: 'day', date: day })}
        />
      )}
      {view === 'month' && isMobile && (
        <>
          <MonthDots
            date={date}
            today={today}
            locale={locale}
            byDay={byDay}
            onDay={(day) => onChange({ view, date: day })}
          />
          {dayList([date])}
        </>
      )}
      {view === 'week' && !isMobile && (
        <WeekColumns date={date} today={today} locale={locale} byDay={byDay} links={links} />
      )}
      {view === 'week' && isMobile && dayList(weekDays(visibleRange('week', date, locale).first))}
      {view === 'day' && dayList([date])}
    </section>
  );
}

type ByDay = ReadonlyMap<string, CalendarSitting[]>;

/** What a month view's cell is drawn from: its day, the day's sittings, and whether it is in the month. */
type MonthCell = { day: string; list: CalendarSitting[]; inMonth: boolean };

/** The props both month views take. */
type MonthProps = {
  date: string;
  today: string;
  locale: Locale;
  byDay: ByDay;
  onDay: (day: string) => void;
};

/** A month as a table of whole weeks headed by the language's weekdays; `cell` draws each day. */
function MonthFrame({
  date,
  locale,
  byDay,
  className,
  cell,
}: Pick<MonthProps, 'date' | 'locale' | 'byDay'> & {
  className: string;
  cell: (at: MonthCell) => ReactNode;
}) {
  const month = monthOf(date);
  const weeks = monthGrid(month, WEEK_START[locale]);
  return (
    <table
      className={cn('w-full table-fixed border-collapse', className)}
      aria-label={formatMonth(month, locale)}
    >
      <thead>
        <tr>
          {(weeks[0] ?? []).map((day) => (
            <th key={day} scope="col" className="px-1 py-1 text-center text-xs font-medium text-slate-600">
              {formatWeekday(day, locale)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              <Fragment key={day}>
                {cell({ day, list: byDay.get(day) ?? [], inMonth: monthOf(day) === month })}
              </Fragment>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Most sittings a month cell lists before "+n more". */
const MONTH_CELL_ITEMS = 3;

/** The label of a month cell's day: its date and how many sittings it has. */
function useDayLabel(locale: Locale) {
  const { t } = useLingui();
  return (day: string, count: number) => {
    const date = formatDate(day, locale);
    return t`${date}: ${count} sittings`;
  };
}

function MonthTable({ date, today, locale, byDay, onDay }: MonthProps) {
  const { t } = useLingui();
  const dayLabel = useDayLabel(locale);
  return (
    <MonthFrame
      date={date}
      locale={locale}
      byDay={byDay}
      className="text-xs"
      cell={({ day, list, inMonth }) => {
        const more = list.length - MONTH_CELL_ITEMS;
        return (
          <td
            data-day={day}
            className={cn(
              'h-24 border border-slate-200 p-1 align-top',
              !inMonth && 'bg-slate-50 text-slate-600',
            )}
          >
            <button
              type="button"
              className={cn(
                'rounded px-1 font-medium hover:bg-slate-100',
                day === today && 'bg-blue-800 text-white hover:bg-blue-900',
              )}
              aria-label={dayLabel(day, list.length)}
              onClick={() => onDay(day)}
            >
              {Number(day.slice(8))}
            </button>
            <ul className="mt-1 space-y-0.5">
              {list.slice(0, MONTH_CELL_ITEMS).map((sitting) => (
                <li
                  key={sitting.id}
                  className="truncate rounded border-l-4 bg-slate-50 px-1"
                  style={{ borderLeftColor: sitting.color ?? undefined }}
                  title={`${sitting.startTime} ${sitting.subjectName} ${sitting.lessonName} ${sitting.className}${sitting.assist ? ` (${t`Assist lesson`})` : ''}`}
                >
                  {formatTime(sitting.startTime, locale)} {sitting.subjectName} {sitting.className}
                  {sitting.assist && ` · ${t`Assist lesson`}`}
                </li>
              ))}
              {more > 0 && <li className="text-slate-600">{t`+${more} more`}</li>}
            </ul>
          </td>
        );
      }}
    />
  );
}

/** Most dots a phone's month cell shows; more sittings still count in the cell's label. */
const MONTH_DOTS = 3;

function MonthDots({ date, today, locale, byDay, onDay }: MonthProps) {
  const dayLabel = useDayLabel(locale);
  return (
    <MonthFrame
      date={date}
      locale={locale}
      byDay={byDay}
      className="text-sm"
      cell={({ day, list, inMonth }) => (
        <td className="p-0.5 text-center">
          <button
            type="button"
            data-day={day}
            aria-pressed={day === date}
            aria-label={dayLabel(day, list.length)}
            className={cn(
              'flex h-11 w-full flex-col items-center justify-center rounded',
              !inMonth && 'text-slate-600',
              day === today && 'font-bold text-blue-900',
              day === date && 'bg-blue-800 text-white',
            )}
            onClick={() => onDay(day)}
          >
            {Number(day.slice(8))}
            <span className="flex h-2 gap-0.5" aria-hidden="true">
              {list.slice(0, MONTH_DOTS).map((sitting) => (
                <span
                  key={sitting.id}
                  className="size-1.5 rounded-full bg-slate-500"
                  style={{ backgroundColor: sitting.color ?? undefined }}
                />
              ))}
            </span>
          </button>
        </td>
      )}
    />
  );
}

function WeekColumns({
  date,
  today,
  locale,
  byDay,
  links,
}: {
  date: string;
  today: string;
  locale: Locale;
  byDay: ByDay;
  links: SittingLinks;
}) {
  const days = weekDays(visibleRange('week', date, locale).first);
  return (
    <div className="grid grid-cols-7 gap-1">
      {days.map((day) => (
        <section key={day} aria-label={formatDate(day, locale)} data-day={day} className="min-w-0">
          <h3
            className={cn(
              'rounded px-1 py-1 text-center text-xs font-medium',
              day === today ? 'bg-blue-800 text-white' : 'bg-slate-100',
            )}
          >
            {formatWeekday(day, locale)} {Number(day.slice(8))}
          </h3>
          <ul className="mt-1 space-y-1">
            {(byDay.get(day) ?? []).map((sitting) => (
              <li key={sitting.id}>
                <SittingItem sitting={sitting} locale={locale} links={links} compact />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DayList({
  days,
  byDay,
  locale,
  links,
  today,
  emptyTitle,
}: {
  days: readonly string[];
  byDay: ByDay;
  locale: Locale;
  links: SittingLinks;
  today: string;
  emptyTitle: string;
}) {
  const withSittings = days.filter((day) => (byDay.get(day) ?? []).length > 0);
  if (withSittings.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <div className="flex flex-col gap-3">
      {withSittings.map((day) => (
        <section key={day} aria-label={formatDate(day, locale)} data-day={day}>
          {days.length > 1 && (
            <h3 className={cn('mb-1 text-sm font-medium', day === today && 'text-blue-900')}>
              {formatDate(day, locale)} ({formatWeekday(day, locale)})
            </h3>
          )}
          <ul className="flex flex-col gap-2">
            {(byDay.get(day) ?? []).map((sitting) => (
              <li key={sitting.id}>
                <SittingItem sitting={sitting} locale={locale} links={links} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * One sitting: subject, lesson, class, time, room and teachers, in its year code's colour, with links to
 * its lesson and its attendance sheet. No student is named: a calendar carries no student's data.
 */
export function SittingItem({
  sitting,
  locale,
  links,
  compact = false,
  running = false,
}: {
  sitting: CalendarSitting;
  locale: Locale;
  links: SittingLinks;
  compact?: boolean;
  running?: boolean;
}) {
  const { t } = useLingui();
  const time = `${formatTime(sitting.startTime, locale)}–${formatTime(sitting.endTime, locale)}`;
  return (
    <article
      aria-label={`${time} ${sitting.subjectName} ${sitting.className}`}
      data-sitting={sitting.id}
      className={cn(
        'rounded border border-l-4 border-slate-200 bg-white text-sm',
        compact ? 'p-1 text-xs' : 'p-2',
        running && 'ring-2 ring-emerald-600',
      )}
      style={{ borderLeftColor: sitting.color ?? undefined }}
    >
      <p className="font-medium">
        {time}
        {running && <NowBadge />}
        {sitting.assist && (
          <span
            className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900"
            title={t`Another class’s sitting of an assist lesson: you may sit in on it.`}
          >
            <Trans>Assist lesson</Trans>
          </span>
        )}
      </p>
      <p className="break-words">
        {sitting.subjectName} · {sitting.lessonName}
      </p>
      <p className="break-words text-slate-600">
        {sitting.className}
        {sitting.roomName && ` · ${sitting.roomName}`}
        {sitting.yearCodeName && ` · ${sitting.yearCodeName}`}
      </p>
      {sitting.teacherNames.length > 0 && (
        <p className="break-words text-slate-600">{sitting.teacherNames.join(', ')}</p>
      )}
      {(links.lesson || links.attendance) && (
        <p className="mt-1 flex flex-wrap gap-x-3">
          {links.lesson && (
            <ScreenLink to={lessonHref(sitting)} className="text-blue-800 underline">
              {t`Lesson`}
            </ScreenLink>
          )}
          {links.attendance && (
            <ScreenLink to={attendanceHref(sitting)} className="text-blue-800 underline">
              {t`Attendance`}
            </ScreenLink>
          )}
        </p>
      )}
    </article>
  );
}
