import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  colour: string;
  /** Which y axis: `left` (the default) or `right` for a second unit. */
  axis?: 'left' | 'right';
}

export interface ChartProps {
  /** The chart's title, also its accessible name. */
  title: string;
  /** Days as YYYY-MM-DD (business days), the x axis. */
  days: string[];
  /** The x axis's name in the legend. */
  dayLabel: string;
  series: ChartSeries[];
  /** Formats a value on the left axis and in the legend. */
  format: (value: number) => string;
  /** Formats the right axis's values, when a series uses it. */
  formatRight?: (value: number) => string;
  /** Whole numbers only on the left axis (counts: no tick at 0.5 walkers). */
  whole?: boolean;
  height?: number;
}

/** A day as uPlot's time (seconds), at UTC midnight so that labels show the business day as written. */
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
/** Tick steps for whole-number axes. */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7, 1e8, 1e9,
];
const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');

/**
 * A uPlot line chart that fills its container's width: created in an effect, resized with the
 * container (ResizeObserver), destroyed on unmount or when its inputs change.
 */
export function UPlotChart({
  title,
  days,
  dayLabel,
  series,
  format,
  formatRight,
  whole = false,
  height = 220,
}: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const hasRight = series.some((item) => item.axis === 'right');
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      tzDate: utc,
      scales: { x: { time: true }, left: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { values: '{M}/{D}' },
        {
          scale: 'left',
          size: 72,
          ...(whole ? { incrs: WHOLE_STEPS } : {}),
          values: (_u, values) => values.map((value) => format(value)),
        },
        ...(hasRight
          ? [
              {
                scale: 'right',
                side: 1 as const,
                size: 72,
                grid: { show: false },
                incrs: WHOLE_STEPS,
                values: (_u: uPlot, values: number[]) => values.map((value) => (formatRight ?? format)(value)),
              },
            ]
          : []),
      ],
      series: [
        { label: dayLabel, value: '{YYYY}-{MM}-{DD}' },
        ...series.map((item) => ({
          label: item.label,
          stroke: item.colour,
          width: 2,
          scale: item.axis === 'right' ? 'right' : 'left',
          points: { show: days.length <= 31 },
          value: (_u: uPlot, value: number | null) =>
            value === null ? '–' : (item.axis === 'right' ? (formatRight ?? format) : format)(value),
        })),
      ],
    };
    if (hasRight)
      options.scales = { ...options.scales, right: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } };
    const plot = new uPlot(options, [days.map(toTime), ...series.map((item) => item.values)], element);
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(element.clientWidth, 200), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, dayLabel, series, format, formatRight, whole, height]);
  return (
    <figure className="console-chart" aria-label={title}>
      <figcaption className="console-chart-title">{title}</figcaption>
      <div ref={box} aria-hidden="true" />
    </figure>
  );
}
