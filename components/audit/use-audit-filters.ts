'use client';
// The audit filters live in the URL, so a filtered view can be shared and the back button steps
// through earlier filters (the same approach as My memories).
import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { AUDIT_FILTER_NAMES, auditFiltersFromParams, type AuditFilters } from './audit-filters';

export function useAuditFilters() {
  const filters = auditFiltersFromParams(useSearchParams());
  const setFilters = useCallback((next: AuditFilters) => {
    const url = new URL(window.location.href);
    for (const name of AUDIT_FILTER_NAMES) {
      if (next[name].trim()) url.searchParams.set(name, next[name].trim());
      else url.searchParams.delete(name);
    }
    if (url.href !== window.location.href) window.history.pushState(null, '', url);
  }, []);
  return { filters, setFilters };
}
