import dayjs from 'dayjs';

/** Today as the device's calendar date (`YYYY-MM-DD`): the school's zone is the device's. */
export function localToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** Now as the device's wall-clock `HH:mm`. */
export function localTime(): string {
  return dayjs().format('HH:mm');
}
