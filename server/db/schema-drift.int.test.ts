// The migrations and schema.prisma describe the same database: every declared table, column
// (type, nullability), key and index exists after migrating an empty database, and the tables
// hold nothing the schema does not declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './open-database';
import { readDeclaredSchema } from './schema-model';

interface ColumnRow { table_name: string; column_name: string; udt_name: string; is_nullable: 'YES' | 'NO' }
interface IndexRow { table_name: string; columns: string[]; is_unique: boolean; is_primary: boolean; method: string }

let db: Database;
let columns: ColumnRow[];
let indexes: IndexRow[];
let tables: string[];
const declared = readDeclaredSchema();

beforeAll(async () => {
  db = await createTestDatabase();
  columns = await db.sql.query<ColumnRow>(
    `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
  );
  tables = (
    await db.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    )
  ).map((row) => row.table_name);
  indexes = await db.sql.query<IndexRow>(
    `SELECT t.relname AS table_name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary, am.amname AS method,
            ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
     FROM pg_index ix
     JOIN pg_class t ON t.oid = ix.indrelid
     JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_am am ON am.oid = i.relam
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = current_schema() AND t.relname <> '_prisma_migrations'`,
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('schema drift', () => {
  it('has a table for every model and no table without one', () => {
    expect(tables.sort()).toEqual(declared.map((table) => table.table).sort());
  });

  for (const table of declared) {
    it(`${table.model}: columns match schema.prisma in name, type and nullability`, () => {
      const actual = columns
        .filter((column) => column.table_name === table.table)
        .map((column) => ({
          name: column.column_name,
          udtName: column.udt_name,
          nullable: column.is_nullable === 'YES',
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
  }
});
