import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
const WIDTH = 340;
const HEIGHT = 150;
/** Half a month either side, so one month's bar or one fill reads as a date, not a span of years. */
const MARGIN_S = 15 * 86_400;

/** A small time chart (uPlot, canvas): a line of fills or bars of months. */
export function SmallChart({ title, testId, series, kind, unit, empty }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const points = series.y.filter((value) => value !== null).length;

  useEffect(() => {
    if (!host.current || points === 0) return;
    const chart = new uPlot(
      {
        width: Math.min(WIDTH, host.current.clientWidth || WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: true, points: { show: false } },
        scales: { x: { time: true, range: (_chart, min, max) => [min - MARGIN_S, max + MARGIN_S] }, y: { range: (_chart, min, max) => [Math.min(0, min), max > 0 ? max * 1.15 : 1] } },
        axes: [{ size: 30 }, { size: 46, values: (_chart, ticks) => ticks.map((tick) => `${tick}`) }],
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

  return (
    <figure className="fleet-chart" data-testid={testId} data-points={points}>
      <figcaption>
        {title} <span className="fleet-muted">({unit})</span>
      </figcaption>
      {points === 0 ? <div className="fleet-muted fleet-chart-empty">{empty}</div> : <div ref={host} role="img" aria-label={`${title} chart, ${points} points`} />}
    </figure>
  );
}
