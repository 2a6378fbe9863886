// Every reader of memories asks visible-rows.ts which rows it may see; this test fails when a file
// writes a rule of its own instead (docs/architecture.md "How to add a state of a memory"). A
// plain scan of the server's source: the cases below show each rule firing, then the tree must be clean.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const MODULE = 'server/services/memories/visible-rows.ts';

/**
 * Files that read agent_memory rows in any state, on purpose, each with why. Everything else that
 * reads the table asks the module. Keep this short: a reader of memories belongs in none of these.
 */
const ANY_STATE: Record<string, string> = {
  'server/services/memories/lock-memory-row.ts': 'locks the (scope, key) slot a write takes: unique whatever the state',
  'server/services/memories/delete-shared-memory.ts': 'locks and deletes one fact by id, in any state',
  'server/services/memories/lock-memory-row-sql.ts':
    'the locks of lock-memory-row.ts and delete-shared-memory.ts: one slot or one id, in any state',
  'server/services/memories/forget-all-memories.ts': "deletes all of a person's own rows, muted and expired ones too",
  'server/services/memories/save-own-memory.ts': 'a new key must differ from every key the person holds, in any state',
  'server/services/runtime/forget-runtime-memory.ts': 'locks and deletes one record by id, in any state',
  'server/services/runtime/forget-runtime-memory-sql.ts': "forget-runtime-memory.ts's lock of one record by id, in any state",
  'server/services/review/lock-promotion-sources.ts': 'locks the conclusions being promoted by id',
  'server/services/review/lock-promotion-sources-sql.ts': "lock-promotion-sources.ts's lock of the conclusions by id",
  'server/services/life/act-on-memories.ts': 'mute, restore, expire and forget act on rows by id, whatever their state',
  'server/services/life/sweep-expired-memories.ts':
    'reads by id the rows its statement chose through expiryPassedSql or expiredBeforeSql (sweep-expired-memories-sql.ts)',
  'server/services/life/act-on-memories-sql.ts': "act-on-memories.ts's lock of the rows it acts on, by id, whatever their state",
  'server/services/life/forget-conversation.ts': "forgets all of a conversation's own rows, muted and expired ones too",
  'server/services/facts/list-facts.ts':
    "the Facts page shows a fact in any state with its status; the overrides it counts go through overrideJoin (the module's rule)",
  'server/services/facts/list-facts-sql.ts':
    "list-facts.ts's counts: the facts by id in any state; their overrides go through overrideJoin",
  'server/services/facts/list-fact-overrides-sql.ts':
    'the fact is loaded by id in any state; its overrides go through overrideJoin (the module rule)',
  'server/services/access/list-custom-scopes.ts': 'counts the rows a scope holds: a muted or expired row still holds it',
  'server/services/access/delete-custom-scope.ts': 'a scope that holds any row, in any state, cannot be deleted',
  'server/services/seed/seed-demo.ts': 'the demo seed looks its own rows up by id',
};

/** The module's predicates: a raw reader passes each alias it reads through one of them. */
const PREDICATES = ['offeredSql', 'notOfferedSql', 'expiryPassedSql', 'expiredBeforeSql', 'notExpiredSql', 'expiryAheadSql'];
const WHERES = ['offeredWhere', 'quotaWhere'];

interface Rule {
  name: string;
  pattern: RegExp;
  /** Only in files that read or write memories (sessions and tokens have expiries of their own). */
  memoriesOnly?: boolean;
}

/** Text that writes a rule the module owns: scope tokens parsed in SQL, states and expiries compared. */
const RULES: Rule[] = [
  { name: "a person's scope found with LIKE 'actor:%'", pattern: /LIKE\s+'actor:/i },
  { name: 'a scope token cut with substr(scope, …)', pattern: /substr\(\s*[\w."]*scope/i },
  { name: 'a scope token split with split_part(…)', pattern: /split_part\(/i },
  { name: 'a scope prefix matched with startsWith', pattern: /startsWith:\s*'actor:/ },
  { name: 'a state compared in SQL', pattern: /"state"\s*(=|<>|!=)\s*'/, memoriesOnly: true },
  { name: 'an expiry compared in SQL', pattern: /"expiresAt"\s*(<=|>=|<|>|IS\s+(NOT\s+)?NULL\s+OR)/i, memoriesOnly: true },
  { name: 'a state filtered in a Prisma where', pattern: /state:\s*\{\s*(not|in|notIn|equals)\b/, memoriesOnly: true },
  { name: 'an expiry filtered in a Prisma where', pattern: /expiresAt:\s*(\{\s*(gt|gte|lt|lte)\b|null\s*\})/, memoriesOnly: true },
];

const READS_MEMORIES = /\bagent_memory\b|agentMemory\./;
const RAW_READ = /(?<!DELETE\s)(FROM|JOIN)\s+"?agent_memory\b"?(?:\s+(?:AS\s+)?("?)([a-z_]\w*)\2)?/gi;
const PRISMA_READ = /agentMemory\.(findMany|findFirst|findFirstOrThrow|count|groupBy|aggregate)\(/g;
const SQL_WORDS = new Set([
  'where',
  'on',
  'set',
  'group',
  'order',
  'limit',
  'for',
  'join',
  'left',
  'cross',
  'union',
  'window',
  'returning',
]);

/** What in `text` (the file at `file`, relative to the repository) bypasses the module. */
export function bypasses(file: string, text: string): string[] {
  if (file === MODULE) return [];
  const found: string[] = [];
  const memories = READS_MEMORIES.test(text);
  for (const rule of RULES) {
    if (rule.memoriesOnly && !memories) continue;
    if (rule.pattern.test(text)) found.push(`${file}: ${rule.name}; ask visible-rows.ts`);
  }
  if (ANY_STATE[file] !== undefined) return found;
  for (const match of text.matchAll(RAW_READ)) {
    const alias = match[3] && !SQL_WORDS.has(match[3].toLowerCase()) ? match[3] : null;
    const rest = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    // Joined back by id to a row a visible-rows statement already chose.
    if (alias && new RegExp(`^\\s*ON\\s+"?${alias}"?\\."id"\\s*=`).test(rest)) continue;
    const passed = alias && PREDICATES.some((name) => new RegExp(`${name}\\(\\s*'${alias}'`).test(text));
    if (!passed) found.push(`${file}: reads "agent_memory" ${alias ?? '(no alias)'} without the module's rule for it`);
  }
  // A Prisma read asks a where of the module, or reads by id rows a predicate of the module chose.
  if (PRISMA_READ.test(text) && ![...WHERES, ...PREDICATES].some((name) => text.includes(`${name}(`))) {
    found.push(`${file}: reads agentMemory through Prisma without offeredWhere (or another of the module's wheres)`);
  }
  PRISMA_READ.lastIndex = 0;
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return relative === 'server/db/generated' || relative === 'server/testing' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('each rule fires', () => {
  it.each([
    ['a scope parsed with LIKE', `Prisma.sql\`SELECT 1 FROM "user" u WHERE x LIKE 'actor:%'\``],
    ['a scope cut with substr', 'Prisma.sql`SELECT substr(m."scope", 7)`'],
    ['a scope split', "Prisma.sql`SELECT split_part(s, ':', 1)`"],
    ['a state compared', `Prisma.sql\`SELECT 1 FROM "agent_memory" m WHERE m."state" = 'active' AND \${offeredSql('m', now)}\``],
    ['an expiry compared', 'Prisma.sql`SELECT 1 FROM "agent_memory" m WHERE m."expiresAt" > ${now} AND ${offeredSql(\'m\', now)}`'],
    ['a raw read without the rule', 'Prisma.sql`SELECT m."id" FROM "agent_memory" m WHERE m."scope" = ${scope}`'],
    [
      'a raw read of another alias',
      `Prisma.sql\`SELECT 1 FROM "agent_memory" m JOIN "agent_memory" n ON n."key" = m."key" WHERE \${offeredSql('m', now)}\``,
    ],
    ['a raw read without an alias', 'Prisma.sql`SELECT "id" FROM "agent_memory" WHERE "scope" = ${scope}`'],
    ['a raw read of the unquoted table', 'sql.query(`SELECT id FROM agent_memory m WHERE m.scope = $1`)'],
    ['a Prisma read without the where', 'ctx.db.agentMemory.findMany({ where: { scope } })'],
    ['a Prisma state filter', "ctx.db.agentMemory.findMany({ where: offeredWhere(now, { state: { not: 'muted' } }) })"],
    [
      'a Prisma expiry filter',
      'ctx.db.agentMemory.count({ where: offeredWhere(now, { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) })',
    ],
  ])('%s', (_case, text) => {
    expect(bypasses('server/services/example/read-example.ts', text)).not.toEqual([]);
  });

  it('lets a reader that asks the module through', () => {
    const raw = `Prisma.sql\`SELECT \${winnerColumnsSql('w', 'm')} FROM "winners" w JOIN "agent_memory" m ON m."id" = w."id"
      WHERE EXISTS (SELECT 1 FROM "agent_memory" b WHERE \${offeredSql('b', now)})\``;
    expect(bypasses('server/services/example/read-example.ts', raw)).toEqual([]);
    expect(
      bypasses('server/services/example/read-example.ts', 'ctx.db.agentMemory.findMany({ where: offeredWhere(now, { scope }) })'),
    ).toEqual([]);
    // Sessions and tokens compare expiries of their own.
    expect(bypasses('server/services/tokens/example.ts', 'Prisma.sql`SELECT 1 FROM "api_token" WHERE "expiresAt" > ${now}`')).toEqual([]);
  });
});

describe('the tree', () => {
  const files = [...sourceFiles('server'), ...sourceFiles('app')];

  it('has no reader that writes its own visibility rule', () => {
    expect(files).toContain(MODULE);
    expect(files.flatMap((file) => bypasses(file, readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('names only files that exist and read memories in the allow-list', () => {
    for (const file of Object.keys(ANY_STATE)) {
      expect(files, file).toContain(file);
      expect(READS_MEMORIES.test(readFileSync(path.join(ROOT, file), 'utf8')), file).toBe(true);
    }
  });
});
