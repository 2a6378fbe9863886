// The path beyond one PostgreSQL (docs/scaling.md "Beyond one PostgreSQL"): every table of
// prisma/schema.prisma has a row in the doc's table of tables saying how a tenant-sharded
// PostgreSQL would hold it, and every table that names a tenant (a `tenantRef` column) carries it
// in its primary key or says in that row why not. A new table, or a tenant column on an old one,
// fails here until the doc decides.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Model {
  table: string;
  tenantColumn: boolean;
  key: string[];
}

function models(): Model[] {
  const schema = readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8');
  return [...schema.matchAll(/^model (\w+) \{\n([\s\S]*?)\n\}/gm)].map(([, name, body]) => {
    const lines = body!.split('\n').map((line) => line.trim());
    const table = /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? name!;
    const single = lines.find((line) => /^\w+\s+\S+.*\s@id\b/.test(line))?.split(/\s+/)[0];
    const compound = /@@id\(\[([^\]]*)\]/
      .exec(body!)?.[1]
      ?.split(',')
      .map((field) => field.trim());
    return { table, tenantColumn: lines.some((line) => /^tenantRef\s/.test(line)), key: compound ?? (single ? [single] : []) };
  });
}

interface Placement {
  placement: string;
  reason: string;
}

function placements(): Map<string, Placement> {
  const doc = readFileSync(path.join(root, 'docs/scaling.md'), 'utf8');
  const section = doc.slice(doc.indexOf('<!-- tables:start -->'), doc.indexOf('<!-- tables:end -->'));
  const rows = new Map<string, Placement>();
  for (const [, table, placement, reason] of section.matchAll(/^\|\s*`(\w+)`\s*\|([^|]+)\|([^|]*)\|$/gm))
    rows.set(table!, { placement: placement!.trim(), reason: reason!.trim() });
  return rows;
}

describe('tenant keys (docs/scaling.md)', () => {
  const all = models();
  const doc = placements();

  it('reads the schema and the doc', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.find((model) => model.table === 'metric_rollup')).toEqual({
      table: 'metric_rollup',
      tenantColumn: true,
      key: ['tenantRef', 'minute'],
    });
    expect(doc.size).toBeGreaterThan(20);
  });

  it('places every table, and names no table the schema does not have', () => {
    expect(all.map((model) => model.table).filter((table) => !doc.has(table))).toEqual([]);
    expect([...doc.keys()].filter((table) => !all.some((model) => model.table === table))).toEqual([]);
  });

  it('every placement is one of distributed, reference or local', () => {
    const unknown = [...doc].filter(([, row]) => !/^(distributed by tenant|reference|local)$/.test(row.placement));
    expect(unknown).toEqual([]);
  });

  it('a table with a tenant column carries it in its key, or its row says why not', () => {
    const unexplained = all
      .filter((model) => model.tenantColumn && !model.key.includes('tenantRef'))
      .filter((model) => (doc.get(model.table)?.reason ?? '').length < 20)
      .map((model) => model.table);
    expect(unexplained).toEqual([]);
  });
});
