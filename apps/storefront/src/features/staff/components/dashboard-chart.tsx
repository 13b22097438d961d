/**
 * A bar chart drawn by uPlot (decision 0263): canvas only, so it is hidden
 * from screen readers; the figure's caption is its text alternative and the
 * same numbers are in the table beside it. Loaded with the dashboard only.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  colour: string;
}

export function BarChart({
  labels,
  series,
  formatValue,
}: {
  labels: string[];
  series: ChartSeries[];
  formatValue: (value: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = labels.map((_, index) => index);
    const width = () => Math.max(240, element.clientWidth);
    // The first series full width, each next one narrower in front of it (refunds inside sales).
    const bars = (index: number) => uPlot.paths.bars!({ size: [0.8 / (index + 1), 64], align: 0 });
    const options: uPlot.Options = {
      width: width(),
      height: 240,
      legend: { show: true, live: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] } },
      axes: [
        {
          values: (_u, splits) => splits.map((split) => labels[Math.round(split)] ?? ''),
          splits: () => x.filter((index) => index % Math.max(1, Math.ceil(labels.length / 8)) === 0),
          size: 40,
        },
        { values: (_u, splits) => splits.map((split) => formatValue(split)), size: 80 },
      ],
      series: [
        {},
        ...series.map((one, index) => ({
          label: one.label,
          fill: one.colour,
          stroke: one.colour,
          width: 0,
          paths: bars(index),
          points: { show: false },
        })),
      ],
    };
    const chart = new uPlot(options, [x, ...series.map((one) => one.values)], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, formatValue]);
  return <div ref={box} className="kassa-dashboard__chart" aria-hidden="true" />;
}
