// The migrations and schema.prisma describe the same database: every declared table, column
// (type, nullability, default), key, index, foreign key (with its actions) and enum (with its
// values in order) exists after migrating an empty database, and the database holds nothing of
// these kinds that the schema does not declare. schema.prisma is read by Prisma's own parser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './open-database';
import { readDeclaredSchema } from './schema-model';

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}
interface IndexRow {
  table_name: string;
  columns: string[];
  is_unique: boolean;
  is_primary: boolean;
  method: string;
}
interface ForeignKeyRow {
  table_name: string;
  columns: string[];
  referenced_table: string;
  referenced_columns: string[];
  on_delete: string;
  on_update: string;
}
interface EnumRow {
  name: string;
  values: string[];
}

/** pg_constraint's one-letter referential actions in PostgreSQL's words. */
const ACTION: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

let db: Database;
let columns: ColumnRow[];
let indexes: IndexRow[];
let tables: string[];
let foreignKeys: ForeignKeyRow[];
let enums: EnumRow[];
const schema = readDeclaredSchema();
const declared = schema.tables;

/** SQL for the names of the columns numbered by `keys` of the table `relation`, in key order. */
function columnNames(keys: string, relation: string): string {
  return `ARRAY(SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY AS k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.attnum ORDER BY k.ord)`;
}

beforeAll(async () => {
  db = await createTestDatabase();
  columns = await db.sql.query<ColumnRow>(
    `SELECT table_name, column_name, udt_name, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
  );
  tables = (
    await db.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
         -- a partitioned table's partitions (runtime_event's days) are the model's own table
         AND NOT EXISTS (SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                         WHERE c.relname = table_name::name AND c.relnamespace = current_schema()::regnamespace)`,
    )
  ).map((row) => row.table_name);
  indexes = await db.sql.query<IndexRow>(
    `SELECT t.relname AS table_name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary, am.amname AS method,
            ${columnNames('ix.indkey', 't.oid')} AS columns
     FROM pg_index ix
     JOIN pg_class t ON t.oid = ix.indrelid
     JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_am am ON am.oid = i.relam
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = current_schema() AND t.relname <> '_prisma_migrations'`,
  );
  foreignKeys = await db.sql.query<ForeignKeyRow>(
    `SELECT t.relname AS table_name, r.relname AS referenced_table,
            c.confdeltype::text AS on_delete, c.confupdtype::text AS on_update,
            ${columnNames('c.conkey', 'c.conrelid')} AS columns,
            ${columnNames('c.confkey', 'c.confrelid')} AS referenced_columns
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     JOIN pg_class r ON r.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  enums = await db.sql.query<EnumRow>(
    `SELECT t.typname AS name, ARRAY(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS values
     FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE t.typtype = 'e' AND n.nspname = current_schema()`,
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('schema drift', () => {
  it('has a table for every model and no table without one', () => {
    expect(tables.sort()).toEqual(declared.map((table) => table.table).sort());
  });

  it('has every enum with its values in order, and no enum the schema does not declare', () => {
    const byName = (a: EnumRow, b: EnumRow) => a.name.localeCompare(b.name);
    expect(enums.map(({ name, values }) => ({ name, values })).sort(byName)).toEqual([...schema.enums].sort(byName));
  });

  for (const table of declared) {
    it(`${table.model}: columns match schema.prisma in name, type, nullability and default`, () => {
      const actual = columns
        .filter((column) => column.table_name === table.table)
        .map((column) => ({
          name: column.column_name,
          udtName: column.udt_name,
          nullable: column.is_nullable === 'YES',
          default: column.column_default,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const expected = [...table.columns].sort((a, b) => a.name.localeCompare(b.name));
      expect(actual).toEqual(expected);
    });

    it(`${table.model}: keys and indexes match schema.prisma`, () => {
      const actual = indexes
        .filter((index) => index.table_name === table.table)
        .map((index) => ({
          columns: index.columns,
          unique: index.is_unique,
          method: index.method,
          primary: index.is_primary,
        }));
      const key = (index: { columns: string[]; unique: boolean; method: string; primary: boolean }) =>
        `${index.primary ? 'pk' : index.unique ? 'unique' : 'index'}:${index.method}:${index.columns.join(',')}`;
      expect(actual.map(key).sort()).toEqual(table.indexes.map(key).sort());
    });

    it(`${table.model}: foreign keys match schema.prisma's relations, with their delete and update actions`, () => {
      const actual = foreignKeys
        .filter((fk) => fk.table_name === table.table)
        .map((fk) => ({
          columns: fk.columns,
          referencedTable: fk.referenced_table,
          referencedColumns: fk.referenced_columns,
          onDelete: ACTION[fk.on_delete],
          onUpdate: ACTION[fk.on_update],
        }));
      const key = (fk: { columns: string[] }) => fk.columns.join(',');
      expect(actual.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
        [...table.foreignKeys].sort((a, b) => key(a).localeCompare(key(b))),
      );
    });
  }
});
