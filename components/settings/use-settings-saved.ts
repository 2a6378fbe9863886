'use client';
// After an organisation's settings are saved: the answer of the save is the new version, so the forms
// hold it at once (a second save names it, never the version before) and say "saved" without waiting.
// The forecasts and the organisation picker that read the settings refresh behind it; on a large
// organisation the always-on forecast takes a while.
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import type { RouterOutputs } from '@/components/trpc/outputs';

export function useSettingsSaved(): (saved: RouterOutputs['tenants']['updateSettings']) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (saved) => {
    queryClient.setQueryData(trpc.tenants.settings.queryKey({ tenantRef: saved.tenantRef }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
  };
}
