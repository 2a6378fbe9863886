// Which agent_memory rows a reader may see: the one place that says it (docs/architecture.md "How to
// add a state of a memory"). Every reader of memories — the list and its page walk, the read-back,
// the preview, the runtime's list and search, topics, conversations, the review queue, the
// forecasts, the life pages — asks here, as an SQL condition for the raw statements or a Prisma
// `where` for the others, with the moment of the read as a parameter (never the database's clock).
//
// The rule is the domain's (server/domain/memory-life.ts, `isOffered`): a row is offered while its
// state is `active` and its expiry, if any, has not passed. The condition applies to each row
// before precedence, so a muted or expired narrow value leaves the key to the wider one.
// visible-rows.test.ts and visible-rows.int.test.ts hold this module to the domain; the bypass test
// (visible-rows.bypass.test.ts) fails when a file outside it writes a rule of its own.
import { ACTOR_KIND, type MemoryState } from '../../domain';
import { Prisma } from '../../db/generated/client';

/** The one state whose rows are offered. A new state that is not offered needs no change here. */
const OFFERED_STATE = 'active' satisfies MemoryState;
/** The state the expiry job moves a row to once its expiry passed. */
const EXPIRED_STATE = 'expired' satisfies MemoryState;
/** The prefix of a person's own scope (`actor:<ref>`), from the domain's scope kinds. */
const ACTOR_PREFIX = `${ACTOR_KIND}:`;

/** `"alias"` for a table alias the caller writes itself (letters, digits and `_` only). */
function column(alias: string, name: string): Prisma.Sql {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return Prisma.raw(`"${alias}"."${name}"`);
}

/**
 * The moment as a parameter that reads the same on every path: the read-back writes parameters as
 * literals (COPY takes none), and a UTC text cast to the column's type compares as Prisma stores it.
 */
export function momentSql(now: Date): Prisma.Sql {
  return Prisma.sql`${now.toISOString()}::timestamp(3)`;
}

/**
 * Rows a reader may be offered at `now` (memory-life.ts `isOffered`), for table alias `alias`. The
 * expiry is compared through COALESCE so that no reader's plan reads through the expiry index (the
 * job's): a reader reaches rows by their scope, and this only filters them.
 */
export function offeredSql(alias: string, now: Date): Prisma.Sql {
  const expiresAt = column(alias, 'expiresAt');
  return Prisma.sql`(${column(alias, 'state')} = ${Prisma.raw(`'${OFFERED_STATE}'`)} AND COALESCE(${expiresAt}, 'infinity'::timestamp) > ${momentSql(now)})`;
}

/** Rows a reader is not offered at `now` (muted, expired, or past their expiry), the complement of `offeredSql`: a person's "Muted" and "Expired". */
export function notOfferedSql(alias: string, now: Date): Prisma.Sql {
  return Prisma.sql`NOT ${offeredSql(alias, now)}`;
}

/** The same rule as a Prisma `where`, combined with the reader's own conditions (`where`). */
export function offeredWhere(now: Date, where: Prisma.AgentMemoryWhereInput = {}): Prisma.AgentMemoryWhereInput {
  return { AND: [where, { state: OFFERED_STATE, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }] };
}

/** Rows whose expiry passed at `now` and that the job has not moved to `expired` yet (memory-life.ts `stateAt`). */
export function expiryPassedSql(alias: string, now: Date): Prisma.Sql {
  return Prisma.sql`(${column(alias, 'expiresAt')} <= ${momentSql(now)} AND ${column(alias, 'state')} <> ${Prisma.raw(`'${EXPIRED_STATE}'`)})`;
}

/** Rows the job moved to `expired` before `before` (their 30 days are over: the job deletes them). */
export function expiredBeforeSql(alias: string, before: Date): Prisma.Sql {
  return Prisma.sql`(${column(alias, 'state')} = ${Prisma.raw(`'${EXPIRED_STATE}'`)} AND ${column(alias, 'expiredAt')} <= ${momentSql(before)})`;
}

/**
 * Rows whose expiry is still ahead at `now`, in any state: the moments at which what a reader is
 * offered may next change by the clock alone. The runtime list's kept answers end at the soonest
 * (list-runtime-memories-sql.ts `scopeVersionsSql`); a muted row's expiry only ends one sooner. A
 * plain range on the column, so a walk of one scope reaches it on `(scope, expiresAt)`.
 */
export function expiryAheadSql(alias: string, now: Date): Prisma.Sql {
  return Prisma.sql`${column(alias, 'expiresAt')} > ${momentSql(now)}`;
}

/** Rows that have not expired (by state; the job's lifetime changes act on these, muted ones included). */
export function notExpiredSql(alias: string): Prisma.Sql {
  return Prisma.sql`${column(alias, 'state')} <> ${Prisma.raw(`'${EXPIRED_STATE}'`)}`;
}

/** Rows that have not expired at `now`, muted ones included (memory-life.ts `stateAt` is not `expired`): the Facts list. */
export function unexpiredWhere(now: Date, where: Prisma.AgentMemoryWhereInput = {}): Prisma.AgentMemoryWhereInput {
  return { AND: [where, { state: { not: EXPIRED_STATE }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }] };
}

/** Rows expired at `now` (moved by the job, or past their expiry; `stateAt` is `expired`): the Facts page's "Expired". */
export function expiredWhere(now: Date, where: Prisma.AgentMemoryWhereInput = {}): Prisma.AgentMemoryWhereInput {
  return { AND: [where, { OR: [{ state: EXPIRED_STATE }, { expiresAt: { lte: now } }] }] };
}

/** Rows that take a place in the person's quota at `now` (memory-life.ts `countsTowardQuota`): muted ones do. */
export function quotaWhere(now: Date, where: Prisma.AgentMemoryWhereInput = {}): Prisma.AgentMemoryWhereInput {
  return unexpiredWhere(now, where);
}

/** Rows at a person's own scope (`actor:…`), from the domain's scope kind. */
export function personalScopeSql(alias: string): Prisma.Sql {
  return Prisma.sql`${column(alias, 'scope')} LIKE ${Prisma.raw(`'${ACTOR_PREFIX}%'`)}`;
}

/** Rows at a shared scope (any scope but a person's own). */
export function sharedScopeSql(alias: string): Prisma.Sql {
  return Prisma.sql`${column(alias, 'scope')} NOT LIKE ${Prisma.raw(`'${ACTOR_PREFIX}%'`)}`;
}

/** The same as a Prisma `where` on `scope`. */
export const personalScopeWhere = { scope: { startsWith: ACTOR_PREFIX } } satisfies Prisma.AgentMemoryWhereInput;

/** The actorRef of a row at a person's own scope (`actor:<ref>` → `<ref>`). */
export function actorRefOfScopeSql(alias: string): Prisma.Sql {
  return Prisma.sql`substr(${column(alias, 'scope')}, ${Prisma.raw(String(ACTOR_PREFIX.length + 1))})`;
}
