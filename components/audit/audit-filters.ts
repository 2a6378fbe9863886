// The audit page's filters as they appear in the URL, as the list procedure's input and as the
// export link. Dates are whole days (UTC): "from" includes its day, "to" includes its day too.
export interface AuditFilters {
  action: string;
  person: string;
  scope: string;
  key: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = ['action', 'person', 'scope', 'key', 'from', 'to'] as const;
export const AUDIT_PAGE_SIZE = 25;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function auditFiltersFromParams(params: { get(name: string): string | null }): AuditFilters {
  const read = (name: string) => params.get(name)?.trim() ?? '';
  const day = (name: string) => (DAY.test(read(name)) ? read(name) : '');
  return { action: read('action'), person: read('person'), scope: read('scope'), key: read('key'), from: day('from'), to: day('to') };
}

function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The filters as audit.list and the export take them (unset fields left out). */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ['action', 'person', 'scope', 'key'] as const) if (filters[name]) query[name] = filters[name];
  if (filters.from) query.from = `${filters.from}T00:00:00.000Z`;
  if (filters.to) query.to = dayAfter(filters.to);
  return query;
}

export function auditExportHref(filters: AuditFilters, format: 'csv' | 'json'): string {
  return `/api/audit/export?${new URLSearchParams({ format, ...auditQuery(filters) })}`;
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return AUDIT_FILTER_NAMES.some((name) => filters[name] !== '');
}

/** Plain words for each audited action. */
export const ACTION_LABELS: Record<string, string> = {
  'memory.saved': 'Saved a memory',
  'memory.kept': 'Kept an assistant’s guess as their own',
  'memory.published': 'Published a fact',
  'memory.promoted': 'Published an assistant’s conclusion',
  'memory.deleted': 'Deleted a shared fact',
  'memory.pinned': 'Pinned a fact',
  'memory.unpinned': 'Unpinned a fact',
  'memory.muted': 'Muted a memory (kept, not used)',
  'memory.unmuted': 'Restored a muted memory',
  'memory.expiry-set': 'Set when a memory expires',
  'memory.expired': 'A memory expired',
  'memory.expired-deleted': 'Deleted an expired memory after 30 days',
  'memory.confirmed': 'Confirmed a memory is still true',
  'tenant.lifetime-applied': 'Gave the assistant’s existing guesses an expiry',
  'memory.forgotten': 'Deleted one of their memories',
  'memory.forgot-all': 'Deleted all their memories',
  'memory.forgotten-by-runtime': 'Deleted one of the assistant’s guesses (runtime API)',
  'audit.undone': 'Undid a change',
  'tenant.settings-updated': 'Changed the organisation’s settings',
  'token.created': 'Created an API token',
  'token.revoked': 'Revoked an API token',
  'token.rotated': 'Rotated an API token',
  'review.dismissed': 'Marked a conclusion as not worth publishing',
  'review.undismissed': 'Put a conclusion back for review',
  'review.snoozed': 'Snoozed a key in the review queue',
  'review.unsnoozed': 'Unsnoozed a key in the review queue',
  'alert.acknowledged': 'Acknowledged an alert',
  'alert.resolved': 'Resolved an alert',
  'alert.handed_off': 'Handed an alert to the administrators',
  'webhook.saved': 'Saved the alert webhook',
  'webhook.deleted': 'Removed the alert webhook',
  'grant.added': 'Gave a role',
  'grant.removed': 'Took a role away',
  'scope.created': 'Created a scope',
  'scope.renamed': 'Renamed a scope',
  'scope.deleted': 'Deleted a scope',
  'membership.added': 'Put someone in a scope',
  'membership.removed': 'Took someone out of a scope',
  'person.invited': 'Invited someone',
  'person.renamed': 'Renamed someone',
  'person.disabled': 'Disabled someone',
  'person.enabled': 'Enabled someone again',
  'person.password-reset': 'Made a password-reset link',
  'person.invite-accepted': 'Accepted an invite',
  'person.password-set': 'Set a new password from a link',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
