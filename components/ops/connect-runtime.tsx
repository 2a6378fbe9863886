'use client';
// The empty state of the Operations page: how to connect a runtime (the ingest URL and a sample
// request with a token placeholder; docs/runtime-api.md "API tokens").
import Link from 'next/link';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function ConnectRuntime({ tenantRef }: { tenantRef: string }) {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const url = `${origin}/api/runtime/events`;
  const sample = `curl -X POST ${url} \\
  -H "Authorization: Bearer <your token>" \\
  -H "Content-Type: application/json" \\
  -d '[{"type":"memory.resolved","at":"'"$(date -u +%Y-%m-%dT%H:%M:%SZ)"'","tenantRef":"${tenantRef}","scopes":["tenant:${tenantRef}"],"offered":12,"omitted":2,"pinnedOmitted":0,"recalled":1,"promptChars":3400}]'`;
  return (
    <div data-testid="ops-empty" className="rounded-lg border border-dashed border-slate-300 p-6 text-sm dark:border-slate-700">
      <h3 className="text-base font-semibold">No diagnostics in this time range</h3>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Connect the assistant runtime: create a token with the “Send diagnostics” permission on{' '}
        <Link href="/admin/tokens" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          API tokens
        </Link>
        , then have the runtime post its events to <code className="rounded bg-slate-100 px-1 break-all dark:bg-slate-800">{url}</code>.
      </p>
      <p className="mt-3 font-medium">A sample request</p>
      <pre
        data-technical
        tabIndex={0}
        aria-label="Sample request"
        className="mt-1 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {sample}
      </pre>
    </div>
  );
}
