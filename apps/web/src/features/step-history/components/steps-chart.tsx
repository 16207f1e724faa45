import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

export interface StepsChartProps {
  /** The chart's accessible name; what it shows is said in words beside it (the table). */
  readonly label: string;
  /** A short label per bar, oldest first. */
  readonly labels: readonly string[];
  readonly values: readonly number[];
  readonly goals: readonly number[];
  readonly goalLabel: string;
  readonly valueLabel: string;
  readonly format: (value: number) => string;
  /** A tap on a bar. */
  readonly onSelect?: (index: number) => void;
  readonly height?: number;
}

// uPlot (about 20 KB gzip) loads with the first chart, in its own chunk: only history draws charts.
let loading: Promise<typeof uPlot> | undefined;
function loadUPlot(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return loading;
}

const BAR = '#3c9cff';
const BAR_MET = '#0e6ae8';
const GOAL = '#e5484d';

/**
 * Bars against a goal line, drawn by uPlot into a box as wide as its container. The bars' index is
 * the x axis (labels are the caller's); a tap on a bar calls `onSelect`.
 */
export function StepsChart({
  label,
  labels,
  values,
  goals,
  goalLabel,
  valueLabel,
  format,
  onSelect,
  height = 200,
}: StepsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const select = useRef(onSelect);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let isGone = false;
    loadUPlot().then(
      (UPlot) => {
        if (isGone) return;
        // A point at each edge of the plot, without a bar, carries the goal line from edge to edge.
        const last = values.length - 1;
        const xs = [-0.6, ...values.map((_, index) => index), last + 0.6];
        const bare = [null, ...values, null];
        const met = [null, ...values.map((value, index) => (value >= (goals[index] ?? Infinity) ? value : null)), null];
        const goalLine = [goals[0] ?? null, ...goals, goals[last] ?? null];
        const bars = UPlot.paths.bars?.({ size: [0.7, 28] });
        const options: uPlot.Options = {
          width: Math.max(element.clientWidth, 240),
          height,
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { show: false } },
          scales: {
            x: { time: false, range: [-0.6, last + 0.6] },
            y: { range: (_u, _min, max) => [0, Math.max(max, ...goals) * 1.1 || 1] },
          },
          axes: [
            {
              space: 36,
              incrs: [1, 2, 3, 5, 7, 10],
              values: (_u, ticks) => ticks.map((tick) => labels[tick] ?? ''),
              grid: { show: false },
            },
            { size: 56, values: (_u, ticks) => ticks.map((tick) => format(tick)) },
          ],
          series: [
            {},
            { label: valueLabel, fill: BAR, stroke: BAR, paths: bars, points: { show: false } },
            { label: valueLabel, fill: BAR_MET, stroke: BAR_MET, paths: bars, points: { show: false } },
            {
              label: goalLabel,
              stroke: GOAL,
              width: 2,
              dash: [6, 4],
              paths: UPlot.paths.stepped?.({ align: 1 }),
              points: { show: false },
            },
          ],
          hooks: {
            ready: [
              (u) => {
                u.over.addEventListener('click', () => {
                  const index = u.cursor.idx;
                  // The first and last points are the goal line's edges, not bars.
                  if (index !== null && index !== undefined && index >= 1 && index <= values.length) {
                    select.current?.(index - 1);
                  }
                });
              },
            ],
          },
        };
        chart = new UPlot(options, [xs, bare, met, goalLine], element);
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: Math.max(element.clientWidth, 240), height });
        });
        observer.observe(element);
      },
      () => setFailed(true),
    );
    return () => {
      isGone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [labels, values, goals, goalLabel, valueLabel, format, height]);

  // The figures stay readable in the table beside the chart when the chart cannot load.
  if (failed) return null;
  return <div ref={box} className="steps-chart" role="img" aria-label={label} style={{ minHeight: height }} />;
}
