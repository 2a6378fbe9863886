// The `memory.resolved` batches the ingest benches post, and the plain multi-row INSERT of the same
// rows each bench measures the endpoint against, so both benches time the same work.

/** `size` events of `tenantRef`, the newest `offsetMs` before now, 37 ms apart. */
export function resolvedBatch(tenantRef: string, size: number, offsetMs: number) {
  const now = Date.now() - offsetMs;
  return Array.from({ length: size }, (_, index) => ({
    type: 'memory.resolved',
    at: new Date(now - index * 37).toISOString(),
    tenantRef,
    runId: `bench_${index % 50}`,
    scopes: [`actor:b${index % 200}`, `tenant:${tenantRef}`, 'global'],
    offered: 5 + (index % 7),
    omitted: index % 3,
    pinnedOmitted: index % 97 === 0 ? 1 : 0,
    recalled: index % 4,
    promptChars: 300 + (index % 40) * 97,
  }));
}

export type ResolvedEvent = ReturnType<typeof resolvedBatch>[number];

/** One INSERT of `rows` into runtime_event, ids `<idPrefix>_<n>`, and its parameters. */
export function plainInsertStatement(rows: ResolvedEvent[], tenantRef: string, idPrefix: string): [string, unknown[]] {
  const values: unknown[] = [];
  const tuples = rows.map((event, n) => {
    const base = values.length;
    values.push(
      `${idPrefix}_${n}`,
      event.at,
      tenantRef,
      event.runId,
      event.scopes,
      event.offered,
      event.omitted,
      event.pinnedOmitted,
      event.recalled,
      event.promptChars,
    );
    return `($${base + 1}, 'memory_resolved', $${base + 2}, now(), $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, $${base + 9}, $${base + 10})`;
  });
  const sql = `INSERT INTO "runtime_event" ("id", "type", "at", "receivedAt", "tenantRef", "runId", "scopes", "offered", "omitted", "pinnedOmitted", "recalled", "promptChars")
       VALUES ${tuples.join(', ')}`;
  return [sql, values];
}
