import { Trans, useLingui } from '@lingui/react/macro';
import { timesheetTotals } from '../../../domain/schedules';
import type { Timesheet } from '../../../domain/schemas/schedules';
import { appToasts } from '../../app/toasts';
import { errorMessage } from '../../i18n/error-messages';
import { formatDecimal, formatInteger, formatMonth } from '../../i18n/format';
import { type Locale, localeOrDefault } from '../../i18n/i18n';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { downloadWorkbook, type ExportSheet } from '../shared/xlsx-export';
import { useTimesheet } from './schedule-calls';

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The timesheet as a sheet to export: one row per month, then the year's total; hours to 2 decimals. */
export function timesheetExportSheet(
  timesheet: Timesheet,
  locale: Locale,
  words: { sheetName: string; month: string; sittings: string; hours: string; total: string },
): ExportSheet {
  const total = timesheetTotals(timesheet.months);
  return {
    sheetName: words.sheetName,
    header: [words.month, words.sittings, words.hours],
    rows: [
      ...timesheet.months.map((month) => [
        formatMonth(monthKey(timesheet.year, month.month), locale),
        month.schedules,
        Number((month.minutes / 60).toFixed(2)),
      ]),
      [words.total, total.schedules, Number((total.minutes / 60).toFixed(2))],
    ],
  };
}

/**
 * A teacher's timesheet for a year (SPEC §2 teacher timesheet): sittings and hours per month with the year's
 * totals, and its Excel export. An online view: offline it shows the last copy with its time.
 */
export function TimesheetPanel({ teacherId, year }: { teacherId: string; year: number }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const view = useTimesheet(teacherId, year);
  const timesheet = view.value;
  const teacherName = timesheet?.teacher.name;
  const hours = (minutes: number) => formatDecimal(minutes / 60, locale);

  const exportSheet = (sheet: Timesheet) => {
    const sheetName = t`Timesheet`;
    void downloadWorkbook(
      `${sheetName}-${sheet.teacher.name}-${sheet.year}`,
      timesheetExportSheet(sheet, locale, {
        sheetName,
        month: t`Month`,
        sittings: t`Sittings`,
        hours: t`Hours`,
        total: t`Total`,
      }),
    ).catch(() => appToasts.show({ tone: 'error', title: t`The Excel file could not be made.` }));
  };

  return (
    <section aria-labelledby="timesheet-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="timesheet-title" className="text-lg font-semibold">
          {teacherName ? t`Timesheet ${year}: ${teacherName}` : t`Timesheet ${year}`}
        </h2>
        {timesheet && (
          <Button variant="secondary" size="sm" onClick={() => exportSheet(timesheet)}>
            <Trans>Export to Excel</Trans>
          </Button>
        )}
      </div>
      {view.stale && view.at !== null && <AsOf at={view.at} />}
      {view.failure && <p className="text-sm text-slate-600">{errorMessage(i18n, view.failure)}</p>}
      {timesheet && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-labelledby="timesheet-title">
            <thead>
              <tr className="border-b border-slate-200 text-left">
                <th scope="col" className="px-2 py-1">{t`Month`}</th>
                <th scope="col" className="px-2 py-1 text-right">{t`Sittings`}</th>
                <th scope="col" className="px-2 py-1 text-right">{t`Hours`}</th>
              </tr>
            </thead>
            <tbody>
              {timesheet.months.map((month) => (
                <tr key={month.month} className="border-b border-slate-100">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {formatMonth(monthKey(timesheet.year, month.month), locale)}
                  </th>
                  <td className="px-2 py-1 text-right">{formatInteger(month.schedules, locale)}</td>
                  <td className="px-2 py-1 text-right">{hours(month.minutes)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="px-2 py-1 text-left">{t`Total`}</th>
                <td className="px-2 py-1 text-right">
                  {formatInteger(timesheetTotals(timesheet.months).schedules, locale)}
                </td>
                <td className="px-2 py-1 text-right">{hours(timesheetTotals(timesheet.months).minutes)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
