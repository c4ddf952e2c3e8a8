import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { MONTH_MARGIN_S, monthAxis } from '../chart-axes';

export interface ChartSeries {
  /** Unix seconds. */
  x: number[];
  y: Array<number | null>;
}

interface Props {
  title: string;
  testId: string;
  series: ChartSeries;
  kind: 'line' | 'bars';
  unit: string;
  empty: string;
}

const ACCENT = '#c2410c';
const WIDTH = 360;
const HEIGHT = 240;

/** A time chart (uPlot, canvas): a line of fills, or bars of months each named under its bar. */
export function SmallChart({ title, testId, series, kind, unit, empty }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const points = series.y.filter((value) => value !== null).length;
  const months = kind === 'bars' ? monthAxis(series.x) : null;

  useEffect(() => {
    if (!host.current || points === 0) return;
    const axis = kind === 'bars' ? monthAxis(series.x) : null;
    const chart = new uPlot(
      {
        width: Math.min(WIDTH, host.current.clientWidth || WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: true, points: { show: false } },
        scales: {
          // Months: their own range and names; fills: uPlot's dates, with the same half month either side.
          x: { time: true, range: axis ? () => axis.range : (_chart, min, max) => [min - MONTH_MARGIN_S, max + MONTH_MARGIN_S] },
          y: { range: (_chart, min, max) => [Math.min(0, min), max > 0 ? max * 1.15 : 1] },
        },
        axes: [
          axis ? { size: 34, splits: () => axis.ticks, values: () => axis.labels } : { size: 34 },
          { size: 52, values: (_chart, ticks) => ticks.map((tick) => tick.toLocaleString('en-AU')) },
        ],
        series: [
          {},
          {
            label: `${title} (${unit})`,
            stroke: ACCENT,
            width: 2,
            fill: 'rgba(194, 65, 12, 0.15)',
            spanGaps: true,
            points: { show: kind === 'line', size: 6 },
            ...(kind === 'bars' ? { paths: uPlot.paths.bars!({ size: [0.6, 40] }) } : {}),
          },
        ],
      },
      [series.x, series.y],
      host.current,
    );
    return () => chart.destroy();
  }, [series, kind, title, unit, points]);
  const named = months && months.labels.length > 0 ? `, ${months.labels.join(', ')}` : '';

  return (
    <figure className="fleet-chart" data-testid={testId} data-points={points}>
      <figcaption>
        {title} <span className="fleet-muted">({unit})</span>
      </figcaption>
      {points === 0 ? <div className="fleet-muted fleet-chart-empty">{empty}</div> : <div ref={host} role="img" aria-label={`${title} chart, ${points} points${named}`} />}
    </figure>
  );
}
