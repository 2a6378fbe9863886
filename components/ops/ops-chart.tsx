'use client';
// One Operations chart, drawn with Recharts. Only chart-card.tsx imports this file, through
// next/dynamic, so the chart library loads on the Operations page and nowhere else
// (docs/features.md "Operations"). The picture is hidden from assistive technology (no keyboard
// layer either): the card's table carries the same numbers.
import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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

const AXIS = { fill: 'currentColor', fontSize: 12 };

export default function OpsChart({ kind, rows, series }: OpsChartProps) {
  const Chart = kind === 'area' ? AreaChart : LineChart;
  return (
    <ResponsiveContainer width="100%" height={220}>
      <Chart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={AXIS} stroke="currentColor" minTickGap={24} />
        <YAxis tick={AXIS} stroke="currentColor" width={48} allowDecimals={false} />
        <Tooltip contentStyle={{ color: '#0f172a' }} />
        <Legend />
        {series.map((line) =>
          kind === 'area' ? (
            <Area key={line.key} type="monotone" dataKey={line.key} name={line.label} stackId="all" stroke={line.color} fill={line.color} fillOpacity={0.35} isAnimationActive={false} />
          ) : (
            <Line key={line.key} type="monotone" dataKey={line.key} name={line.label} stroke={line.color} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
