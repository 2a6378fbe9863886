// The schema reader behind the drift test: what it reports for each kind of declaration, on a
// small schema written for the purpose.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDeclaredSchema } from './schema-model';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'mc-schema-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function declare(models: string): ReturnType<typeof readDeclaredSchema> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.prisma`);
  writeFileSync(file, `datasource db {\n  provider = "postgresql"\n}\n\n${models}`);
  return readDeclaredSchema(file);
}

const SCHEMA = `
enum Colour {
  red
  green  @map("GREEN")
  @@map("colour")
}

model Owner {
  id   String @id
  name String @default("nobody")
  pets     Pet[]
  patients Pet[] @relation("vet")
  @@map("owner")
}

/// A comment that mentions model Fake { and Unsupported("x") must not confuse the reader.
model Pet {
  id       String                   @id
  ownerId  String                   @map("owner_id")
  owner    Owner                    @relation(fields: [ownerId], references: [id], onDelete: Cascade)
  vetId    String?
  vet      Owner?                   @relation("vet", fields: [vetId], references: [id])
  colour   Colour                   @default(green)
  legs     Int                      @default(4)
  tame     Boolean                  @default(true)
  born     DateTime                 @default(now())
  tags     String[]
  search   Unsupported("tsvector")?
  @@unique([ownerId, colour])
  @@index([search], type: Gin)
  @@map("pet")
}
`;

describe('readDeclaredSchema', () => {
  const schema = declare(SCHEMA);
  const pet = schema.tables.find((table) => table.model === 'Pet')!;

  it('names each table by its @@map', () => {
    expect(schema.tables.map((table) => table.table).sort()).toEqual(['owner', 'pet']);
  });

  it('reads enums with their database names and values in declared order', () => {
    expect(schema.enums).toEqual([{ name: 'colour', values: ['red', 'GREEN'] }]);
  });

  it('reads columns with @map names, types, nullability and defaults as PostgreSQL prints them', () => {
    expect([...pet.columns].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'born', udtName: 'timestamp', nullable: false, default: 'CURRENT_TIMESTAMP' },
      { name: 'colour', udtName: 'colour', nullable: false, default: `'GREEN'::"colour"` },
      { name: 'id', udtName: 'text', nullable: false, default: null },
      { name: 'legs', udtName: 'int4', nullable: false, default: '4' },
      { name: 'owner_id', udtName: 'text', nullable: false, default: null },
      { name: 'search', udtName: 'tsvector', nullable: true, default: null },
      { name: 'tags', udtName: '_text', nullable: true, default: null },
      { name: 'tame', udtName: 'bool', nullable: false, default: 'true' },
      { name: 'vetId', udtName: 'text', nullable: true, default: null },
    ]);
    expect(schema.tables.find((table) => table.model === 'Owner')!.columns).toContainEqual({
      name: 'name',
      udtName: 'text',
      nullable: false,
      default: `'nobody'::text`,
    });
  });

  it('reads keys and indexes, with database column names and the index method', () => {
    expect(pet.indexes).toEqual(
      expect.arrayContaining([
        { columns: ['id'], unique: true, method: 'btree', primary: true },
        { columns: ['owner_id', 'colour'], unique: true, method: 'btree', primary: false },
        { columns: ['search'], unique: false, method: 'gin', primary: false },
      ]),
    );
    expect(pet.indexes).toHaveLength(3);
  });

  it("reads foreign keys with their actions, using Prisma's defaults where none is written", () => {
    expect(pet.foreignKeys).toEqual([
      { columns: ['owner_id'], referencedTable: 'owner', referencedColumns: ['id'], onDelete: 'CASCADE', onUpdate: 'CASCADE' },
      { columns: ['vetId'], referencedTable: 'owner', referencedColumns: ['id'], onDelete: 'SET NULL', onUpdate: 'CASCADE' },
    ]);
  });

  it('refuses a default it does not know how to compare, naming the field', () => {
    expect(() => declare('model Thing {\n  id String @id @default(cuid())\n  n Int[] @default([1])\n}\n')).toThrow(/Thing\.n/);
  });

  it("reports Prisma's own error for a schema that does not parse", () => {
    expect(() => declare('model Broken {\n  id String @id\n  other Missing\n}\n')).toThrow(/Missing/);
  });
});

describe("the schema parser's release", () => {
  // The drift test reads schema.prisma with this parser: it must be the one of the Prisma release
  // that generates the client and whose CLI the project pins, or a syntax one release accepts
  // could pass here and fail there.
  it('is the engines build of the installed Prisma CLI, which is the release of the client', () => {
    const manifest = (name: string) =>
      JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
    const engines = manifest('@prisma/engines-version').version;
    expect(manifest('@prisma/prisma-schema-wasm').version).toBe(engines);
    expect(engines.split('-')[0]).toBe(manifest('prisma').version);
    expect(manifest('@prisma/client').version).toBe(manifest('prisma').version);
    expect(manifest('@prisma/adapter-pg').version).toBe(manifest('prisma').version);
  });
});
