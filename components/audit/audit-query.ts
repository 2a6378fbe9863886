'use client';
// The audit list's pages as one infinite query, keyed by the filters; "Load more" asks for the
// page after the last row shown (keyset, so no row is missed or repeated). It runs in the browser
// only (not during the server render, which has no tRPC client of its own); until the first page
// arrives the page shows its skeleton, and a failure reaches the error panel.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPCClient } from '@/components/trpc/client';
import { AUDIT_PAGE_SIZE, auditQuery, type AuditFilters } from './audit-filters';

export const AUDIT_QUERY_KEY = ['audit-log'] as const;

export function useAuditLog(filters: AuditFilters) {
  const client = useTRPCClient();
  const input = auditQuery(filters);
  return useInfiniteQuery({
    queryKey: [...AUDIT_QUERY_KEY, input],
    queryFn: ({ pageParam }) => client.audit.list.query({ ...input, limit: AUDIT_PAGE_SIZE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    throwOnError: true,
  });
}
