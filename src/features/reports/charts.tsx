import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import type { ChartPoint } from './chart-data';

// The charts of the report screens, drawn with visx (SVG, about 24 KB gzipped with its d3 parts). This module
// is only reached through `lazy()` in chart-figure.tsx, so it loads with a report screen, never before. The
// SVG is hidden from assistive technology: the same numbers are in the table under each chart.

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 48, left: 40 };
const WIDTH = 560;

/** The largest value of a chart, at least `floor`, so an empty chart still has an axis. */
function topOf(points: readonly ChartPoint[], floor: number): number {
  return Math.max(floor, ...points.map((point) => point.value ?? 0));
}

/** Shortens a tick label so labels of long names do not overlap. */
const short = (label: string) => (label.length > 10 ? `${label.slice(0, 9)}…` : label);

/** A bar per point, labels under the bars; `max` fixes the top of the scale (100 for rates). */
export function BarChart({ points, max }: { points: readonly ChartPoint[]; max?: number }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({ domain: points.map((point) => point.label), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({ domain: [0, max ?? topOf(points, 1)], range: [innerHeight, 0], nice: true });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" data-chart="bar">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {points.map((point) => {
          const value = point.value ?? 0;
          const top = y(value);
          return (
            <Bar
              key={point.label}
              x={x(point.label) ?? 0}
              y={top}
              width={x.bandwidth()}
              height={Math.max(0, innerHeight - top)}
              className="fill-blue-700"
            />
          );
        })}
        <AxisLeft scale={y} numTicks={5} />
        <AxisBottom top={innerHeight} scale={x} tickFormat={short} />
      </Group>
    </svg>
  );
}

/** A line through the points in order (a rate over the term), a dot on each; gaps where a value is null. */
export function LineChart({ points, max }: { points: readonly ChartPoint[]; max?: number }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scalePoint({ domain: points.map((point) => point.label), range: [0, innerWidth], padding: 0.5 });
  const y = scaleLinear({ domain: [0, max ?? topOf(points, 1)], range: [innerHeight, 0], nice: true });
  const ticks =
    points.length > 8 ? points.filter((_, index) => index % Math.ceil(points.length / 8) === 0) : points;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" data-chart="line">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <LinePath
          data={[...points]}
          x={(point) => x(point.label) ?? 0}
          y={(point) => y(point.value ?? 0)}
          defined={(point) => point.value !== null}
          className="fill-none stroke-blue-700"
          strokeWidth={2}
        />
        {points.map((point) =>
          point.value === null ? null : (
            <circle
              key={point.label}
              cx={x(point.label)}
              cy={y(point.value)}
              r={3}
              className="fill-blue-700"
            />
          ),
        )}
        <AxisLeft scale={y} numTicks={5} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={ticks.map((point) => point.label)}
          tickFormat={short}
        />
      </Group>
    </svg>
  );
}
