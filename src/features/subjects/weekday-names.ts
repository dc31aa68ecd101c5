import { useLingui } from '@lingui/react/macro';
import { nextDateOnWeekday, type WeekdayId } from '../../../domain/weekdays';
import { formatWeekday } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';

/** A Monday: the week the weekday names are read from. */
const REFERENCE_MONDAY = '2026-01-05';

/** The long weekday name of a suggested weekday id (月曜日, Thứ Hai, Monday) in the user's language. */
export function useWeekdayName(): (id: WeekdayId) => string {
  const { i18n } = useLingui();
  return (id) =>
    formatWeekday(
      nextDateOnWeekday(REFERENCE_MONDAY, id) ?? REFERENCE_MONDAY,
      localeOrDefault(i18n.locale),
      'long',
    );
}
