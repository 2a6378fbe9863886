'use client';
// A chart with its numbers as a table underneath ("Show as table"), so the figures are readable
// without the picture: a bucket without data says so, the current one says it is still filling.
import { OpsChart, type ChartRow, type ChartSeries } from './ops-chart';

export function ChartCard({
  title,
  description,
  unit,
  rows,
  series,
  hovered,
  onHover,
}: {
  title: string;
  description: string;
  unit: string;
  rows: ChartRow[];
  series: ChartSeries[];
  hovered: number | null;
  onHover: (index: number | null) => void;
}) {
  return (
    <section
      aria-label={title}
      data-testid="ops-chart"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 className="font-semibold">{title}</h3>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <div className="text-slate-600 dark:text-slate-300">
        <OpsChart title={title} unit={unit} rows={rows} series={series} hovered={hovered} onHover={onHover} />
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer rounded text-sm font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300">
          Show as table
        </summary>
        {/* It scrolls, so it takes the keyboard focus (the arrow keys scroll it); the table's caption names it. */}
        <div tabIndex={0} className="mt-2 max-h-72 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {title} ({unit}) per time bucket
            </caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Time (UTC)
                </th>
                {series.map((line) => (
                  <th key={line.key} scope="col" className="py-1 pr-3 font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {rows.map((row) => (
                <tr key={row.start} data-status={row.status} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    {row.fullLabel}
                    {row.complete ? '' : ' (still filling)'}
                  </th>
                  {row.status === 'gap' ? (
                    <td colSpan={series.length} className="py-1 pr-3 text-slate-600 dark:text-slate-400">
                      No data arrived
                    </td>
                  ) : (
                    series.map((line) => (
                      <td key={line.key} className="py-1 pr-3">
                        {row.values[line.key] ?? '–'}
                      </td>
                    ))
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
