'use client';
// One Operations chart, drawn as SVG by the console itself: straight lines over the time buckets,
// broken where no data arrived (the hole is shaded, never bridged), the current bucket — still
// filling — dashed and shaded, a dashed grid, axes with their unit and time zone, a legend and a
// crosshair shared by every chart of the page. A chart library (Recharts) weighed about 105 kB
// compressed on a page whose budget above the framework is 125 kB (docs/benchmarks.md "First-load
// JavaScript"); the arithmetic is in chart-geometry.ts.
// Keyboard: the chart takes the focus; the arrow keys (Home, End) move the crosshair, and the
// bucket's numbers are announced. The card's table carries every number too.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { labelIndexes, linePath, runs, valueTicks, type Point } from './chart-geometry';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ChartRow {
  start: string;
  /** The short time label of the axis. */
  label: string;
  /** The full time label of the crosshair and the table (date, time and zone). */
  fullLabel: string;
  /** gap: no data arrived (no values); the chart draws nothing there. */
  status: 'data' | 'quiet' | 'gap';
  /** False for the bucket still filling (the current one). */
  complete: boolean;
  values: Record<string, number | null>;
}

export interface OpsChartProps {
  title: string;
  /** The value axis's unit, e.g. "turns" or "characters". */
  unit: string;
  rows: ChartRow[];
  series: ChartSeries[];
  /** The bucket under the shared crosshair (every chart of the page shows the same one). */
  hovered: number | null;
  onHover: (index: number | null) => void;
}

const HEIGHT = 210;
/** Room around the plot for the axes; each side widens to half a time label, centred under its point at either end. */
const MARGIN = { top: 22, right: 12, bottom: 40, left: 48 };
/** Axis text is 12 px: a character is about 7 px wide, and labels keep 24 px apart. */
const CHAR_WIDTH = 7;
const LABEL_GAP = 24;

function Swatch({ color, dashed = false }: { color: string; dashed?: boolean }) {
  return <span className="inline-block w-4 border-t-2" style={{ borderColor: color, borderTopStyle: dashed ? 'dashed' : 'solid' }} />;
}

/** What the crosshair reads out for one bucket. */
export function bucketReadout(row: ChartRow, series: ChartSeries[], unit: string): string {
  if (row.status === 'gap') return `${row.fullLabel}: no data arrived.`;
  const values = series.map((line) => `${line.label} ${row.values[line.key] ?? 'none'}`).join(', ');
  return `${row.fullLabel}${row.complete ? '' : ' (still filling)'}: ${values} ${unit}.`;
}

export function OpsChart({ title, unit, rows, series, hovered, onHover }: OpsChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);

  // The chart fills its card: measured before the first paint, then whenever the card resizes.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const labels = rows.map((row) => row.label);
  const labelWidth = Math.max(0, ...labels.map((label) => label.length)) * CHAR_WIDTH;
  const left = Math.max(MARGIN.left, labelWidth / 2);
  const plotWidth = Math.max(0, (width ?? 0) - left - Math.max(MARGIN.right, labelWidth / 2));
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(0, ...rows.flatMap((row) => series.map((line) => row.values[line.key] ?? 0)));
  const ticks = valueTicks(highest);
  const ceiling = ticks.at(-1)!;
  const step = rows.length > 1 ? plotWidth / (rows.length - 1) : plotWidth;
  const xOf = (index: number) => left + (rows.length > 1 ? index * step : plotWidth / 2);
  const yOf = (value: number) => MARGIN.top + plotHeight * (1 - value / ceiling);
  const shownLabels = labelIndexes(rows.length, plotWidth, labelWidth, LABEL_GAP);
  /** The band a bucket covers around its point (half a step each side, inside the plot). */
  const bandOf = (index: number) => {
    const from = Math.max(left, xOf(index) - step / 2);
    const to = Math.min(left + plotWidth, xOf(index) + step / 2);
    return { x: from, width: Math.max(2, to - from) };
  };

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (rows.length === 0) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const index = rows.length > 1 ? Math.round(((x - left) / plotWidth) * (rows.length - 1)) : 0;
    onHover(Math.min(rows.length - 1, Math.max(0, index)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (rows.length === 0) return;
    const current = hovered ?? rows.length - 1;
    const next =
      event.key === 'ArrowLeft'
        ? current - 1
        : event.key === 'ArrowRight'
          ? current + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? rows.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onHover(Math.min(rows.length - 1, Math.max(0, next)));
  }

  const hoveredRow = hovered === null ? undefined : rows[hovered];

  return (
    <div>
      <div
        ref={frame}
        role="group"
        tabIndex={0}
        aria-label={`${title} chart: left and right arrow keys move along the time axis`}
        className="relative rounded focus-visible:outline-2 focus-visible:outline-indigo-500"
        style={{ height: HEIGHT }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          if (hovered === null && rows.length > 0) onHover(rows.length - 1);
        }}
        onBlur={() => setFocused(false)}
      >
        {width === null ? null : (
          <svg
            aria-hidden="true"
            width={width}
            height={HEIGHT}
            className="ops-chart-surface block"
            onPointerMove={onPointerMove}
            onPointerLeave={() => onHover(null)}
          >
            <g fill="currentColor" fillOpacity={0.08} data-testid="chart-gaps">
              {rows.map((row, index) =>
                row.status === 'gap' ? <rect key={row.start} {...bandOf(index)} y={MARGIN.top} height={plotHeight} /> : null,
              )}
            </g>
            {rows.map((row, index) =>
              row.complete || row.status === 'gap' ? null : (
                <g key={`incomplete${row.start}`} data-testid="chart-incomplete">
                  <rect {...bandOf(index)} y={MARGIN.top} height={plotHeight} fill="#f59e0b" fillOpacity={0.12} />
                  <text x={xOf(index)} y={MARGIN.top - 6} textAnchor="end" fontSize={11} fill="currentColor">
                    so far
                  </text>
                </g>
              ),
            )}
            <g stroke="currentColor" strokeOpacity={0.15} strokeDasharray="3 3">
              {ticks.map((tick) => (
                <line key={`y${tick}`} x1={left} x2={left + plotWidth} y1={yOf(tick)} y2={yOf(tick)} />
              ))}
              {shownLabels.map((index) => (
                <line key={`x${index}`} x1={xOf(index)} x2={xOf(index)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} />
              ))}
            </g>
            <g fill="currentColor" fontSize={12}>
              <text x={4} y={12}>
                {unit}
              </text>
              {ticks.map((tick) => (
                <text key={tick} x={left - 8} y={yOf(tick)} dy="0.32em" textAnchor="end">
                  {tick}
                </text>
              ))}
              {shownLabels.map((index) => (
                <text key={index} x={xOf(index)} y={MARGIN.top + plotHeight + 16} textAnchor="middle">
                  {labels[index]}
                </text>
              ))}
              <text x={left + plotWidth} y={HEIGHT - 4} textAnchor="end">
                Time (UTC)
              </text>
            </g>
            <path d={`M${left},${MARGIN.top}V${MARGIN.top + plotHeight}H${left + plotWidth}`} fill="none" stroke="currentColor" />
            {series.map((line) => {
              const values = rows.map((row) => row.values[line.key] ?? null);
              const point = (index: number): Point => ({ x: xOf(index), y: yOf(values[index]!) });
              return (
                <g key={line.key} stroke={line.color} strokeWidth={2} fill="none">
                  {runs(values).map((run) => {
                    // The bucket still filling is drawn dashed: its number will grow.
                    const last = run.end;
                    const dashedTail = !rows[last]!.complete && last > run.start;
                    const solidEnd = dashedTail ? last - 1 : last;
                    const solid = Array.from({ length: solidEnd - run.start + 1 }, (_, offset) => point(run.start + offset));
                    return (
                      <g key={run.start}>
                        {solid.length > 1 ? (
                          <path d={linePath(solid)} />
                        ) : (
                          <circle cx={solid[0]!.x} cy={solid[0]!.y} r={2} fill={line.color} />
                        )}
                        {dashedTail ? <path d={linePath([point(last - 1), point(last)])} strokeDasharray="4 3" /> : null}
                      </g>
                    );
                  })}
                </g>
              );
            })}
            {hovered === null ? null : (
              <line
                x1={xOf(hovered)}
                x2={xOf(hovered)}
                y1={MARGIN.top}
                y2={MARGIN.top + plotHeight}
                stroke="currentColor"
                strokeOpacity={0.5}
              />
            )}
          </svg>
        )}
        {hoveredRow === undefined || hovered === null || width === null ? null : (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            style={xOf(hovered) > width / 2 ? { right: width - xOf(hovered) + 8 } : { left: xOf(hovered) + 8 }}
          >
            <p className="font-medium whitespace-nowrap">
              {hoveredRow.fullLabel}
              {hoveredRow.complete ? '' : ' (so far)'}
            </p>
            {hoveredRow.status === 'gap' ? (
              <p className="whitespace-nowrap">No data arrived</p>
            ) : (
              series.map((line) => (
                <p key={line.key} className="flex items-center gap-1.5 whitespace-nowrap">
                  <Swatch color={line.color} />
                  {line.label}: {hoveredRow.values[line.key] ?? '–'}
                </p>
              ))
            )}
          </div>
        )}
        <p aria-live="polite" className="sr-only">
          {focused && hoveredRow ? bucketReadout(hoveredRow, series, unit) : ''}
        </p>
      </div>
      <ul className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
        {series.map((line) => (
          <li key={line.key} className="flex items-center gap-1.5">
            <Swatch color={line.color} />
            {line.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
