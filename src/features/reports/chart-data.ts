import { addTallies, attendanceRate, EMPTY_TALLY, GPA_BANDS, SCORE_BIN_COUNT } from '../../../domain/reports';
import type { AttendanceReport } from '../../../domain/schemas/reports';

/** One point of a chart: its label (a day, a class, a band) and its number; null where there is none. */
export interface ChartPoint {
  label: string;
  value: number | null;
}

type ReportClasses = AttendanceReport['classes'];

/**
 * The attendance rate per day over the term: the sittings of every class held that day added up, so a day
 * with two classes' sittings is one point. Days in order.
 */
export function rateBySittingDay(
  classes: ReportClasses,
  formatDay: (isoDay: string) => string,
): ChartPoint[] {
  const byDay = new Map<string, typeof EMPTY_TALLY>();
  for (const row of classes)
    for (const sitting of row.sittings)
      byDay.set(sitting.day, addTallies(byDay.get(sitting.day) ?? EMPTY_TALLY, sitting.tally));
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, tally]) => ({ label: formatDay(day), value: attendanceRate(tally) }));
}

/** The attendance rate of each class over its held sittings. */
export function rateByClass(classes: ReportClasses): ChartPoint[] {
  return classes.map((row) => ({ label: row.name, value: attendanceRate(row.tally) }));
}

/** The GPA bands of a class as points labelled by their range (0–1 … 3–4). */
export function gpaBandPoints(bands: readonly number[]): ChartPoint[] {
  return GPA_BANDS.map((band, index) => ({ label: `${band.from}–${band.to}`, value: bands[index] ?? 0 }));
}

/** The score bins of `scoreBins` as points labelled by their range of points. */
export function scoreBinPoints(bins: readonly number[], fullScore: number): ChartPoint[] {
  const width = fullScore / SCORE_BIN_COUNT;
  const label = (value: number) => String(Math.round(value * 100) / 100);
  return bins.map((count, index) => ({
    label: `${label(index * width)}–${label((index + 1) * width)}`,
    value: count,
  }));
}
