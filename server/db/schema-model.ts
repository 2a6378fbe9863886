// Reads what schema.prisma declares (tables, columns with type, nullability and default, keys,
// indexes, foreign keys, enums) into plain data, so the drift test can compare it with what the
// migrations actually built. The schema is read by Prisma's own parser (its DMMF, from the
// WebAssembly build of the schema engine: offline, no binaries), not by pattern matching.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { get_dmmf } from '@prisma/prisma-schema-wasm';

export interface DeclaredColumn {
  name: string;
  /** PostgreSQL type as information_schema reports it (udt_name), e.g. text, int4, _text, Author. */
  udtName: string;
  nullable: boolean;
  /** The column default as PostgreSQL prints it (information_schema.column_default), or null. */
  default: string | null;
}

export interface DeclaredIndex {
  columns: string[];
  unique: boolean;
  method: string;
  primary: boolean;
}

export interface DeclaredForeignKey {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  /** PostgreSQL's words: CASCADE, RESTRICT, SET NULL, SET DEFAULT, NO ACTION. */
  onDelete: string;
  onUpdate: string;
}

export interface DeclaredTable {
  model: string;
  table: string;
  columns: DeclaredColumn[];
  indexes: DeclaredIndex[];
  foreignKeys: DeclaredForeignKey[];
}

export interface DeclaredEnum {
  name: string;
  values: string[];
}

export interface DeclaredSchema {
  tables: DeclaredTable[];
  enums: DeclaredEnum[];
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

/** Prisma's referential actions in PostgreSQL's words. */
const ACTIONS: Record<string, string> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

export const SCHEMA_PATH = path.join(process.cwd(), 'prisma', 'schema.prisma');

// The parts of Prisma's DMMF this file reads.
interface DmmfDefault {
  name: string;
  args: unknown[];
}
interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
  default?: DmmfDefault | string | number | boolean | unknown[];
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfEnum {
  name: string;
  dbName?: string | null;
  values: { name: string; dbName: string | null }[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  algorithm?: string;
  fields: { name: string }[];
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };
}

/**
 * Columns of a type Prisma does not support (`Unsupported("tsvector")`) are left out of the DMMF,
 * because the client can neither read nor write them. They are the one thing read from the text:
 * model name → field name → the database type inside Unsupported("…").
 */
function unsupportedFields(source: string): Map<string, Map<string, { type: string; optional: boolean }>> {
  const result = new Map<string, Map<string, { type: string; optional: boolean }>>();
  let model: string | null = null;
  for (const raw of source.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    const opening = /^model\s+(\w+)\s*\{/.exec(line);
    if (opening) model = opening[1]!;
    else if (line === '}') model = null;
    const field = model && /^(\w+)\s+Unsupported\("([^"]+)"\)(\?)?/.exec(line);
    if (model && field) {
      if (!result.has(model)) result.set(model, new Map());
      result.get(model)!.set(field[1]!, { type: field[2]!, optional: Boolean(field[3]) });
    }
  }
  return result;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** How PostgreSQL prints the default a migration generated from this field's @default creates. */
function columnDefault(model: string, field: DmmfField, udtName: string, enumValueDbName: (value: string) => string): string | null {
  const value = field.default;
  if (value === undefined) return null;
  const where = `schema.prisma: ${model}.${field.name}`;
  if (field.isList) throw new Error(`${where}: list defaults are not compared yet; add them to schema-model.ts.`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // BigInt defaults arrive as strings; PostgreSQL prints them as plain numbers.
  if (typeof value === 'string' && field.type === 'BigInt') return value;
  if (typeof value === 'string') {
    return field.kind === 'enum' ? `${quoteLiteral(enumValueDbName(value))}::"${udtName}"` : `${quoteLiteral(value)}::${udtName}`;
  }
  if (value && typeof value === 'object' && 'name' in value) {
    if (value.name === 'now') return 'CURRENT_TIMESTAMP';
    if (value.name === 'dbgenerated' && typeof value.args[0] === 'string') return value.args[0];
    // cuid(), uuid(), ulid(): filled in by the client, so the column has no default.
    if (['cuid', 'uuid', 'ulid', 'nanoid'].includes(value.name)) return null;
  }
  throw new Error(`${where}: a default of ${JSON.stringify(value)} is not compared yet; add it to schema-model.ts.`);
}

export function readDmmf(schemaPath: string = SCHEMA_PATH): { source: string; dmmf: Dmmf } {
  const source = readFileSync(schemaPath, 'utf8');
  return { source, dmmf: JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: source }))) as Dmmf };
}

export function readDeclaredSchema(schemaPath: string = SCHEMA_PATH): DeclaredSchema {
  const { source, dmmf } = readDmmf(schemaPath);
  const { models, enums, indexes } = dmmf.datamodel;
  const enumDbName = new Map(enums.map((e) => [e.name, e.dbName ?? e.name]));
  const modelByName = new Map(models.map((m) => [m.name, m]));
  const tableOf = (name: string) => modelByName.get(name)!.dbName ?? name;
  const columnOf = (modelName: string, fieldName: string) => {
    const field = modelByName.get(modelName)!.fields.find((f) => f.name === fieldName);
    return field?.dbName ?? fieldName;
  };
  const unsupported = unsupportedFields(source);

  const tables = models.map((model): DeclaredTable => {
    const columns: DeclaredColumn[] = [];
    for (const field of model.fields) {
      if (field.kind === 'object') continue; // a relation, not a column
      let base: string | undefined;
      if (field.kind === 'enum') base = enumDbName.get(field.type);
      else if (field.nativeType)
        throw new Error(`schema.prisma: @db.${field.nativeType[0]} on ${model.name}.${field.name} is not compared yet.`);
      else base = SCALARS[field.type];
      if (!base) throw new Error(`schema.prisma: unknown type ${field.type} on ${model.name}.${field.name}`);
      const udtName = field.isList ? `_${base}` : base;
      columns.push({
        name: field.dbName ?? field.name,
        udtName,
        nullable: !field.isRequired || field.isList,
        default: columnDefault(model.name, field, base, (value) => {
          const declared = enums.find((e) => e.name === field.type)?.values.find((v) => v.name === value);
          return declared?.dbName ?? value;
        }),
      });
    }
    for (const [name, { type, optional }] of unsupported.get(model.name) ?? []) {
      columns.push({ name, udtName: type, nullable: optional, default: null });
    }

    const declaredIndexes = indexes
      .filter((index) => index.model === model.name)
      .map((index): DeclaredIndex => ({
        columns: index.fields.map((f) => columnOf(model.name, f.name)),
        unique: index.type === 'id' || index.type === 'unique',
        method: (index.algorithm ?? 'BTree').toLowerCase(),
        primary: index.type === 'id',
      }));

    const foreignKeys = model.fields
      .filter((field) => field.kind === 'object' && (field.relationFromFields?.length ?? 0) > 0)
      .map((field): DeclaredForeignKey => ({
        columns: field.relationFromFields!.map((name) => columnOf(model.name, name)),
        referencedTable: tableOf(field.type),
        referencedColumns: field.relationToFields!.map((name) => columnOf(field.type, name)),
        // Prisma's defaults: Restrict for a required relation, SetNull for an optional one; Cascade on update.
        onDelete: ACTIONS[field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull')]!,
        onUpdate: ACTIONS[field.relationOnUpdate ?? 'Cascade']!,
      }));

    return { model: model.name, table: model.dbName ?? model.name, columns, indexes: declaredIndexes, foreignKeys };
  });

  return {
    tables,
    enums: enums.map((e) => ({ name: e.dbName ?? e.name, values: e.values.map((v) => v.dbName ?? v.name) })),
  };
}
