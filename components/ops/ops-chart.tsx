'use client';
// One Operations chart, drawn as SVG by the console itself: lines (or stacked areas) over the time
// buckets, a dashed grid, the axes, a legend and, under the pointer, the bucket's numbers. A chart
// library (Recharts) weighed about 105 kB compressed on a page whose budget above the framework is
// 125 kB (docs/benchmarks.md "First-load JavaScript"); the arithmetic is in chart-geometry.ts.
// The picture is hidden from assistive technology (no keyboard layer either): the card's table
// carries the same numbers.
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { bandPath, labelIndexes, linePath, stack, valueTicks, type Point } from './chart-geometry';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface OpsChartProps {
  kind: 'line' | 'area';
  rows: Record<string, number | string | null>[];
  series: ChartSeries[];
}

const HEIGHT = 190;
/** Room around the plot for the axes; each side widens to half a time label, centred under its point at either end. */
const MARGIN = { top: 8, right: 12, bottom: 24, left: 48 };
/** Axis text is 12 px: a character is about 7 px wide, and labels keep 24 px apart. */
const CHAR_WIDTH = 7;
const LABEL_GAP = 24;

const numberOf = (value: number | string | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function Swatch({ color }: { color: string }) {
  return <span className="inline-block h-0.5 w-4" style={{ backgroundColor: color }} />;
}

export function OpsChart({ kind, rows, series }: OpsChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  // The chart fills its card: measured before the first paint, then whenever the card resizes.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const labels = rows.map((row) => String(row.label ?? ''));
  const labelWidth = Math.max(0, ...labels.map((label) => label.length)) * CHAR_WIDTH;
  const left = Math.max(MARGIN.left, labelWidth / 2);
  const plotWidth = Math.max(0, (width ?? 0) - left - Math.max(MARGIN.right, labelWidth / 2));
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const layers =
    kind === 'area'
      ? stack(
          rows,
          series.map((line) => line.key),
        )
      : [];
  const highest =
    kind === 'area'
      ? Math.max(0, ...(layers.at(-1)?.top ?? []))
      : Math.max(0, ...rows.flatMap((row) => series.map((line) => numberOf(row[line.key]) ?? 0)));
  const ticks = valueTicks(highest);
  const ceiling = ticks.at(-1)!;
  const xOf = (index: number) => left + (rows.length > 1 ? (index * plotWidth) / (rows.length - 1) : plotWidth / 2);
  const yOf = (value: number) => MARGIN.top + plotHeight * (1 - value / ceiling);
  const shownLabels = labelIndexes(rows.length, plotWidth, labelWidth, LABEL_GAP);

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (rows.length === 0) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const index = rows.length > 1 ? Math.round(((x - left) / plotWidth) * (rows.length - 1)) : 0;
    setHovered(Math.min(rows.length - 1, Math.max(0, index)));
  }

  return (
    <div>
      <div ref={frame} className="relative" style={{ height: HEIGHT }}>
        {width === null ? null : (
          <svg
            width={width}
            height={HEIGHT}
            className="ops-chart-surface block"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setHovered(null)}
          >
            <g stroke="currentColor" strokeOpacity={0.15} strokeDasharray="3 3">
              {ticks.map((tick) => (
                <line key={`y${tick}`} x1={left} x2={left + plotWidth} y1={yOf(tick)} y2={yOf(tick)} />
              ))}
              {shownLabels.map((index) => (
                <line key={`x${index}`} x1={xOf(index)} x2={xOf(index)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} />
              ))}
            </g>
            <g fill="currentColor" fontSize={12}>
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
            </g>
            <path d={`M${left},${MARGIN.top}V${MARGIN.top + plotHeight}H${left + plotWidth}`} fill="none" stroke="currentColor" />
            {kind === 'area'
              ? series.map((line, index) => {
                  const layer = layers[index]!;
                  const top = layer.top.map((value, row): Point => ({ x: xOf(row), y: yOf(value) }));
                  const base = layer.base.map((value, row): Point => ({ x: xOf(row), y: yOf(value) }));
                  return (
                    <path key={line.key} d={bandPath(top, base)} fill={line.color} fillOpacity={0.35} stroke={line.color} strokeWidth={1} />
                  );
                })
              : series.map((line) => {
                  // Buckets without a value are skipped: the line joins its neighbours.
                  const points = rows.flatMap((row, index): Point[] => {
                    const value = numberOf(row[line.key]);
                    return value === null ? [] : [{ x: xOf(index), y: yOf(value) }];
                  });
                  return <path key={line.key} d={linePath(points)} fill="none" stroke={line.color} strokeWidth={2} />;
                })}
            {hovered === null ? null : (
              <line
                x1={xOf(hovered)}
                x2={xOf(hovered)}
                y1={MARGIN.top}
                y2={MARGIN.top + plotHeight}
                stroke="currentColor"
                strokeOpacity={0.4}
              />
            )}
          </svg>
        )}
        {hovered === null || width === null ? null : (
          <div
            className="pointer-events-none absolute top-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            style={xOf(hovered) > width / 2 ? { right: width - xOf(hovered) + 8 } : { left: xOf(hovered) + 8 }}
          >
            <p className="font-medium whitespace-nowrap">{labels[hovered]}</p>
            {series.map((line) => (
              <p key={line.key} className="flex items-center gap-1.5 whitespace-nowrap">
                <Swatch color={line.color} />
                {line.label}: {numberOf(rows[hovered]?.[line.key]) ?? '–'}
              </p>
            ))}
          </div>
        )}
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
