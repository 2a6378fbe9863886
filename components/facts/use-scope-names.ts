'use client';
// The names of the scopes an administrator sees facts at ("Berlin office", "Hamburg depot",
// "Everyone on this console"), for pages that would otherwise show a token (components/glossary.tsx).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { WORDS, type ScopeNames } from '@/components/glossary';
import { useTRPC } from '@/components/trpc/client';
import { GLOBAL_SCOPE } from '@/server/domain';

export function useScopeNames(): ScopeNames {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.facts.scopes.queryOptions());
  return useMemo(
    () => Object.fromEntries((data ?? []).map((option) => [option.scope, option.scope === GLOBAL_SCOPE ? WORDS.everyone : option.label])),
    [data],
  );
}
