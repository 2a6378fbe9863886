// Reads what schema.prisma declares (tables, columns, keys, indexes) into plain data, so the
// drift test can compare it with what the migrations actually built.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DeclaredColumn {
  name: string;
  /** PostgreSQL type as information_schema reports it (udt_name), e.g. text, int4, _text, Author. */
  udtName: string;
  nullable: boolean;
}

export interface DeclaredIndex {
  columns: string[];
  unique: boolean;
  method: 'btree' | 'gin';
  primary: boolean;
}

export interface DeclaredTable {
  model: string;
  table: string;
  columns: DeclaredColumn[];
  indexes: DeclaredIndex[];
}

const SCALARS: Record<string, string> = {
  String: 'text',
  Int: 'int4',
  BigInt: 'int8',
  Float: 'float8',
  Boolean: 'bool',
  DateTime: 'timestamp',
  Json: 'jsonb',
  Decimal: 'numeric',
  Bytes: 'bytea',
};

export const SCHEMA_PATH = path.join(process.cwd(), 'prisma', 'schema.prisma');

function blocks(source: string, keyword: 'model' | 'enum'): { name: string; body: string[] }[] {
  const pattern = new RegExp(`^${keyword}\\s+(\\w+)\\s*\\{([\\s\\S]*?)^\\}`, 'gm');
  return [...source.matchAll(pattern)].map((match) => ({
    name: match[1]!,
    body: match[2]!
      .split('\n')
      .map((line) => line.replace(/\/\/.*$/, '').trim())
      .filter(Boolean),
  }));
}

function listArgument(attribute: string): string[] {
  const inner = /\[([^\]]*)\]/.exec(attribute)?.[1] ?? '';
  return inner
    .split(',')
    .map((part) => part.trim().replace(/\(.*\)$/, ''))
    .filter(Boolean);
}

export function readDeclaredSchema(schemaPath: string = SCHEMA_PATH): DeclaredTable[] {
  const source = readFileSync(schemaPath, 'utf8');
  const enums = new Set(blocks(source, 'enum').map((block) => block.name));
  const models = blocks(source, 'model');
  const modelNames = new Set(models.map((model) => model.name));

  return models.map(({ name, body }) => {
    const columns: DeclaredColumn[] = [];
    const indexes: DeclaredIndex[] = [];
    let table = name;
    for (const line of body) {
      if (line.startsWith('@@')) {
        const kind = /^@@(\w+)/.exec(line)?.[1];
        if (kind === 'map') table = /"([^"]+)"/.exec(line)?.[1] ?? table;
        if (kind === 'id') indexes.push({ columns: listArgument(line), unique: true, method: 'btree', primary: true });
        if (kind === 'unique') indexes.push({ columns: listArgument(line), unique: true, method: 'btree', primary: false });
        if (kind === 'index') {
          const method = /type:\s*Gin/.test(line) ? 'gin' : 'btree';
          indexes.push({ columns: listArgument(line), unique: false, method, primary: false });
        }
        continue;
      }
      const field = /^(\w+)\s+(Unsupported\("([^"]+)"\)|\w+)(\[\])?(\?)?(.*)$/.exec(line);
      if (!field) continue;
      const [, fieldName, rawType, unsupported, list, optional, attributes] = field;
      const type = unsupported ?? rawType!;
      if (modelNames.has(type)) continue; // a relation, not a column
      const base = unsupported ?? (enums.has(type) ? type : SCALARS[type]);
      if (!base) throw new Error(`schema.prisma: unknown type ${type} on ${name}.${fieldName}`);
      const column = /@map\("([^"]+)"\)/.exec(attributes ?? '')?.[1] ?? fieldName!;
      columns.push({ name: column, udtName: list ? `_${base}` : base, nullable: Boolean(optional) || Boolean(list) });
      if (/@id\b/.test(attributes ?? '')) indexes.push({ columns: [column], unique: true, method: 'btree', primary: true });
      if (/@unique\b/.test(attributes ?? '')) indexes.push({ columns: [column], unique: true, method: 'btree', primary: false });
    }
    return { model: name, table, columns, indexes };
  });
}
