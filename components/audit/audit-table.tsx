'use client';
// The audit rows: a table on wide screens; below 768 px each row becomes a card whose cells carry
// their own labels, so nothing scrolls sideways at 390 px. Addresses, keys and tokens wrap where
// they have a natural break (before the `@`, after a `:` or `-`) rather than anywhere, so the table
// gives their columns room for them instead of cutting "bob@example.co" from its "m".
import type { ReactNode } from 'react';
import type { AuditRow } from '@/components/trpc/outputs';
import { cn } from '@/components/ui/cn';
import { TechnicalToken } from '@/components/glossary';
import { useScopeNames } from '@/components/facts/use-scope-names';
import { AuditChange } from './audit-change';
import { auditScopeName } from './audit-scope';
import { actionLabel } from './audit-filters';
import { UndoAuditButton, type UndoOutcome } from './undo-audit-button';

const HEADINGS = ['When', 'Who', 'Action', 'Fact', 'Change', 'Undo'];

function Cell({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn('block px-4 py-1.5 align-top md:table-cell md:py-3', className)}>
      <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden dark:text-slate-400">{label}</span>
      {children}
    </td>
  );
}

/** `text` with a place to wrap before each `@` and after each `:`; `-` is one already. */
function wrapsAtBreaks(text: string): ReactNode {
  return text.split(/(?=@)|(?<=:)/).map((part, index) => (index === 0 ? part : [<wbr key={index} />, part]));
}

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function AuditTable({ rows, onOutcome }: { rows: AuditRow[]; onOutcome: (outcome: UndoOutcome) => void }) {
  const names = useScopeNames();
  return (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">Audit log entries, newest first</caption>
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200 text-left dark:border-slate-800">
          {HEADINGS.map((heading) => (
            <th
              key={heading}
              scope="col"
              className="px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
            >
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {rows.map((row) => (
          <tr
            key={row.id}
            className="block rounded-lg border border-slate-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0 dark:border-slate-800 dark:bg-slate-900"
          >
            <Cell label="When" className="whitespace-nowrap tabular-nums">
              <time dateTime={row.at}>{when(row.at)}</time>
            </Cell>
            <Cell label="Who" className="xl:min-w-48">
              {row.token ? (
                // No person made this change: the runtime did, with this API token.
                <>
                  <span className="font-medium">API token {row.token.name ? `“${row.token.name}”` : row.token.id}</span>
                  <span className="block text-xs break-words text-slate-600 dark:text-slate-400">
                    {row.person.userId
                      ? // A facts:write token acts on its creator's authority: the row names them too.
                        `made by ${row.person.name ?? row.person.email ?? 'a person since removed'}`
                      : `about ${row.person.actorRef ?? 'nobody named'}`}
                  </span>
                </>
              ) : (
                <>
                  <span className="font-medium">{row.person.name ?? row.person.actorRef ?? 'Unknown'}</span>
                  {row.person.email ? (
                    <span className="block text-xs break-words text-slate-600 dark:text-slate-400">{wrapsAtBreaks(row.person.email)}</span>
                  ) : null}
                </>
              )}
            </Cell>
            <Cell label="Action">{actionLabel(row.action)}</Cell>
            <Cell label="Fact">
              {row.key ? (
                <code className="font-mono text-xs break-words">{row.key}</code>
              ) : (
                <span className="text-slate-600 dark:text-slate-400">(not kept)</span>
              )}
              {row.scope ? (
                <>
                  <span className="block text-xs text-slate-700 dark:text-slate-300">{auditScopeName(row.scope, row.person, names)}</span>
                  <TechnicalToken className="block font-mono text-xs break-words text-slate-600 dark:text-slate-400">
                    {wrapsAtBreaks(row.scope)}
                  </TechnicalToken>
                </>
              ) : null}
            </Cell>
            <Cell label="Change" className="max-w-md">
              <AuditChange row={row} />
            </Cell>
            <Cell label="Undo">
              {row.undoable ? (
                <UndoAuditButton row={row} onOutcome={onOutcome} />
              ) : (
                <span className="text-xs text-slate-600 dark:text-slate-400">Not undoable</span>
              )}
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
