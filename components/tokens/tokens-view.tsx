'use client';
// The API tokens page: a form to create one (its secret shown once), and the list with revoke.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { useTRPC } from '@/components/trpc/client';
import type { CreatedApiToken, RotatedApiToken } from '@/components/trpc/outputs';
import { CreateTokenForm } from './create-token-form';
import { SecretPanel } from './secret-panel';
import { TokenList } from './token-list';

export function TokensView() {
  return (
    <QueryErrorPanel what="Your API tokens">
      <Suspense fallback={<TokensSkeleton />}>
        <TokensLoaded />
      </Suspense>
    </QueryErrorPanel>
  );
}

function TokensSkeleton() {
  return (
    <div role="status" aria-label="Loading API tokens" className="space-y-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-14 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}

function TokensLoaded() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.tokens.list.queryOptions());
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [rotated, setRotated] = useState<RotatedApiToken | null>(null);
  const tenantNames = new Map(data.tenants.map((tenant) => [tenant.ref, tenant.name]));
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <div className="space-y-4">
        {created ? <SecretPanel token={created} onDone={() => setCreated(null)} /> : null}
        {rotated ? <SecretPanel token={rotated.replacement} rotatedUntil={rotated.oldRetiresAt} onDone={() => setRotated(null)} /> : null}
        <CreateTokenForm tenants={data.tenants} onCreated={setCreated} />
      </div>
      <TokenList
        tokens={data.tokens}
        tenantName={(ref) => (ref === null ? 'Every organisation' : (tenantNames.get(ref) ?? ref))}
        onRotated={(next) => {
          setCreated(null);
          setRotated(next);
        }}
      />
    </div>
  );
}
