// Plain words for the token permissions (docs/runtime-api.md "API tokens").
export const PERMISSION_LABELS: Record<string, { label: string; hint: string }> = {
  'events:write': { label: 'Send diagnostics', hint: 'events:write — post per-turn diagnostics to /api/runtime/events' },
  'metrics:read': { label: 'Read metrics', hint: 'metrics:read — scrape /api/metrics with Prometheus' },
  'memories:read': { label: 'Read memories', hint: "memories:read — list the organisation's memories for the runtime" },
  'memories:write': { label: 'Write memories', hint: "memories:write — store memories at people's own scope" },
  'facts:write': {
    label: 'Publish facts',
    hint: 'facts:write — publish, edit, pin and delete facts for the whole organisation and its groups, as you would on the Facts page',
  },
};
