// One call acting on up to 500 memories (docs/features.md "Many at once"): a person on their own
// memories (forget, mute, restore, set or clear an expiry, expire now, "still true"), an
// administrator on facts (delete, mute, restore, set an expiry or extend one, expire now, confirm,
// pin or unpin). Also the single-row actions: they are a batch of one.
//
// Semantics: every id is judged on its own and reported — done, unchanged (nothing to do), not
// found (missing, or nothing the caller may see: answered alike), refused (with the reason) or
// changed since (an administrator's fact at another version than the one they saw). The ones done
// are changed in ONE transaction, which first locks every named row in id order; so a single edit
// racing the batch either commits first (the batch then judges what it left) or waits for it, and
// an unexpected failure leaves every row as it was. One audit row per memory changed; a person's
// own memories keep no key or text in it.
//
// Pinning is judged for the batch as a whole before any row: if the facts made always on together
// would leave people with more always-on facts than their turn holds, the batch is refused naming
// how many (PIN_OVER_BUDGET), unless the caller confirms that number — as for one fact.
import type { Viewer } from '../../auth/viewer';
import {
  actorScope,
  decideMute,
  decidePin,
  factAccess,
  GLOBAL_SCOPE,
  MUTED_FACT_PIN_MESSAGE,
  PINNED_FACT_MUTE_MESSAGE,
  stateAt,
  summarizeBulk,
  validateBulkIds,
  validateExpiry,
  type BulkItemResult,
  type BulkOutcome,
  type Reach,
  type RefusalReason,
} from '../../domain';
import type { AgentMemory, Prisma, PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import type { ServiceCall, ServiceContext, TransactionContext } from '../context';
import { confirmPinBudget } from '../facts/confirm-pin-budget';
import { requireFactAdmin } from '../facts/require-fact-admin';
import { memorySnapshot } from '../memories/write-memory-in-transaction';
import { runTransaction } from '../run-transaction';
import { lockMemoriesInOrderSql } from './act-on-memories-sql';

export const PERSON_ACTIONS = ['forget', 'mute', 'unmute', 'set-expiry', 'expire', 'confirm'] as const;
export const FACT_ACTIONS = ['delete', 'mute', 'unmute', 'set-expiry', 'expire', 'confirm', 'pin', 'unpin'] as const;
export type LifeActionKind = (typeof PERSON_ACTIONS)[number] | (typeof FACT_ACTIONS)[number];

export interface ActOnMemoriesInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'> & { sessionId?: string };
  /** `person`: My memories (their own only). `administrator`: Facts (shared scopes they administer). */
  as: 'person' | 'administrator';
  ids: readonly string[];
  action: LifeActionKind;
  /** For `set-expiry`: the new date, or null to keep them until deleted. */
  expiresAt?: Date | null;
  /** The version each fact was seen at; a fact at another one is reported `changed-since`. */
  expectedVersions?: Readonly<Record<string, number>>;
  /** Deleting a fact for everyone asks for the password after ten minutes (docs/operations.md "Sessions"). */
  password?: string;
  /** For `pin`: the number of people the administrator agreed would lose always-on facts. */
  confirmOmissions?: number;
}

export interface ActOnMemoriesResult {
  results: BulkItemResult[];
  counts: Record<BulkOutcome, number>;
}

type Judged = { outcome: 'act'; row: AgentMemory } | BulkItemResult;

const AUDIT_ACTION: Record<LifeActionKind, (as: ActOnMemoriesInput['as']) => AuditAction> = {
  forget: () => 'memory.forgotten',
  delete: () => 'memory.deleted',
  mute: () => 'memory.muted',
  unmute: () => 'memory.unmuted',
  'set-expiry': () => 'memory.expiry-set',
  expire: () => 'memory.expired',
  confirm: () => 'memory.confirmed',
  pin: () => 'memory.pinned',
  unpin: () => 'memory.unpinned',
};

function refused(id: string, reason: RefusalReason, message: string): BulkItemResult {
  return { id, outcome: 'refused', reason, message };
}

/** Who may touch the row at all: not found (nothing confirmed), refused with why, or allowed. */
function judgeAuthority(row: AgentMemory, input: ActOnMemoriesInput, reach: Reach | null): BulkItemResult | null {
  const { viewer, as } = input;
  if (as === 'person') {
    if (row.scope === actorScope(viewer.actorRef)) return null;
    if (viewer.scopes.includes(row.scope)) {
      return refused(row.id, 'HELD_AT_WIDER_SCOPE', 'Shared with others: only an administrator can change it.');
    }
    return { id: row.id, outcome: 'not-found' };
  }
  const access = factAccess(reach!, row.scope, row.tenantRef);
  if (access === 'none') return { id: row.id, outcome: 'not-found' };
  if (access === 'read') {
    return row.scope === GLOBAL_SCOPE
      ? refused(row.id, 'NEEDS_GLOBAL_GRANT', 'Facts for everyone can only be changed by a global administrator.')
      : refused(row.id, 'NOT_ADMINISTRATOR', `You are not an administrator of ${row.scope}.`);
  }
  return null;
}

/** What the action does to a row the caller may change: act, or report why not. */
function judgeAction(row: AgentMemory, input: ActOnMemoriesInput, now: Date): Judged {
  const unchanged = (message: string): BulkItemResult => ({ id: row.id, outcome: 'unchanged', message });
  const expected = input.expectedVersions?.[row.id];
  if (expected !== undefined && expected !== row.version) {
    return { id: row.id, outcome: 'changed-since', message: `Changed by someone else since (now version ${row.version}).` };
  }
  const state = stateAt(row, now);
  switch (input.action) {
    case 'forget':
    case 'delete':
      return { outcome: 'act', row };
    case 'mute': {
      if (state === 'expired') return unchanged('Already expired.');
      if (state === 'muted') return unchanged('Already muted.');
      const verdict = decideMute({
        target: row,
        actorRef: input.viewer.actorRef,
        as: input.as,
        administers: input.as === 'administrator',
        muting: true,
      });
      if (!verdict.allowed) return refused(row.id, verdict.reason, PINNED_FACT_MUTE_MESSAGE);
      return { outcome: 'act', row };
    }
    case 'unmute':
      return row.state === 'muted' ? { outcome: 'act', row } : unchanged('Not muted.');
    case 'set-expiry':
      // A person restores an expired memory by saving it again (its quota is checked there); an
      // administrator extends an expired fact here.
      if (state === 'expired' && input.as === 'person') return unchanged('Expired: save it again to restore it.');
      return { outcome: 'act', row };
    case 'expire':
      return state === 'expired' ? unchanged('Already expired.') : { outcome: 'act', row };
    case 'confirm':
      return state === 'active' ? { outcome: 'act', row } : unchanged(state === 'muted' ? 'Muted: restore it first.' : 'Expired.');
    case 'pin': {
      if (row.pinned) return unchanged('Already always on.');
      const pin = decidePin({ target: row, pinning: true, now });
      return pin.allowed ? { outcome: 'act', row } : refused(row.id, pin.reason, MUTED_FACT_PIN_MESSAGE);
    }
    case 'unpin':
      return row.pinned ? { outcome: 'act', row } : unchanged('Not pinned.');
  }
}

/** The change itself, the same for every row acted on. */
function changeOf(action: LifeActionKind, now: Date, expiresAt: Date | null | undefined): Prisma.AgentMemoryUpdateManyMutationInput {
  switch (action) {
    case 'mute':
      return { state: 'muted', mutedAt: now };
    case 'unmute':
      return { state: 'active', mutedAt: null };
    case 'set-expiry':
      return { expiresAt: expiresAt ?? null, state: 'active', expiredAt: null };
    case 'expire':
      return { state: 'expired', expiredAt: now, expiresAt: now };
    case 'confirm':
      return { confirmedAt: now, reviewAt: null };
    case 'pin':
      return { pinned: true, version: { increment: 1 }, updatedAt: now };
    case 'unpin':
      return { pinned: false, version: { increment: 1 }, updatedAt: now };
    case 'forget':
    case 'delete':
      return {};
  }
}

/** What the audit log keeps of a row: in full for a shared fact, no key or text for a person's own. */
function lifeSnapshot(row: AgentMemory, personal: boolean): Prisma.InputJsonObject {
  const life = {
    state: row.state,
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.confirmedAt ? { confirmedAt: row.confirmedAt.toISOString() } : {}),
  };
  return personal ? { pinned: row.pinned, author: row.author, version: row.version, ...life } : { ...memorySnapshot(row), ...life };
}

export async function actOnMemories({ ctx, input }: ServiceCall<ActOnMemoriesInput, PrismaClient>): Promise<ActOnMemoriesResult> {
  const { viewer } = input;
  // Facts are an administrator's: anyone else is refused before anything is read.
  const reach = input.as === 'administrator' ? requireFactAdmin(viewer) : null;
  const checked = validateBulkIds(input.ids);
  if (!checked.ok) throw new DomainError('INVALID', checked.error.message, { fieldErrors: [checked.error] });
  const allowed = (input.as === 'person' ? PERSON_ACTIONS : FACT_ACTIONS) as readonly string[];
  if (!allowed.includes(input.action)) {
    throw new DomainError('INVALID', `action must be one of ${allowed.join(', ')}`, {
      fieldErrors: [{ field: 'action', message: `action must be one of ${allowed.join(', ')}` }],
    });
  }
  const now = ctx.now();
  let expiresAt: Date | null | undefined;
  if (input.action === 'set-expiry') {
    const verdict = validateExpiry({ expiresAt: input.expiresAt ?? null, now });
    if (!verdict.ok) throw new DomainError('INVALID', verdict.errors[0]!.message, { fieldErrors: verdict.errors });
    expiresAt = verdict.expiresAt;
  }
  const ids = checked.ids.filter((id) => isIdOf('mem', id));
  if (input.as === 'administrator' && (input.action === 'delete' || input.action === 'expire' || input.action === 'pin')) {
    // Removing a fact for everyone, or making one always on for everyone, asks for the password
    // again, as deleting or pinning one does.
    const global = await ctx.db.agentMemory.count({ where: { id: { in: ids }, scope: GLOBAL_SCOPE } });
    if (global > 0 && reach && factAccess(reach, GLOBAL_SCOPE, null) === 'write') {
      await requireRecentSignIn({ ctx, input: { viewer: { ...viewer, sessionId: viewer.sessionId ?? '' }, password: input.password } });
    }
  }

  if (input.action === 'pin' && reach) await confirmBatchPinBudget(ctx, input, ids, reach, now);

  const results = await runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => act(txCtx, input, ids, checked.ids, reach, now, expiresAt),
    },
  });
  return { results, counts: summarizeBulk(results) };
}

/** The facts of the batch that pinning would change (the caller may write them; not pinned; in use), checked together. */
async function confirmBatchPinBudget(
  ctx: ServiceContext,
  input: ActOnMemoriesInput,
  ids: string[],
  reach: Reach,
  now: Date,
): Promise<void> {
  const rows = await ctx.db.agentMemory.findMany({ where: { id: { in: ids }, pinned: false } });
  const pins = rows
    .filter((row) => factAccess(reach, row.scope, row.tenantRef) === 'write' && decidePin({ target: row, pinning: true, now }).allowed)
    .map((row) => ({ scope: row.scope, key: row.key }));
  await confirmPinBudget({ ctx, input: { viewer: input.viewer, pins, confirmOmissions: input.confirmOmissions } });
}

async function act(
  txCtx: TransactionContext,
  input: ActOnMemoriesInput,
  ids: string[],
  allIds: string[],
  reach: Reach | null,
  now: Date,
  expiresAt: Date | null | undefined,
): Promise<BulkItemResult[]> {
  const tx = txCtx.db;
  // Every named row, locked in one order, before any is judged.
  if (ids.length > 0) await tx.$queryRaw(lockMemoriesInOrderSql(ids));
  const rows = new Map((await tx.agentMemory.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
  const results: BulkItemResult[] = [];
  const acting: AgentMemory[] = [];
  for (const id of allIds) {
    const row = rows.get(id);
    if (!row) {
      results.push({ id, outcome: 'not-found' });
      continue;
    }
    const judged = judgeAuthority(row, input, reach) ?? judgeAction(row, input, now);
    if (judged.outcome === 'act') {
      acting.push(judged.row);
      results.push({ id, outcome: 'done' });
    } else {
      results.push(judged as BulkItemResult);
    }
  }
  if (acting.length === 0) return results;
  const actingIds = acting.map((row) => row.id);
  const after = new Map<string, AgentMemory>();
  if (input.action === 'forget' || input.action === 'delete') {
    await tx.agentMemory.deleteMany({ where: { id: { in: actingIds } } });
  } else {
    await tx.agentMemory.updateMany({ where: { id: { in: actingIds } }, data: changeOf(input.action, now, expiresAt) });
    for (const row of await tx.agentMemory.findMany({ where: { id: { in: actingIds } } })) after.set(row.id, row);
  }
  const own = actorScope(input.viewer.actorRef);
  const action = AUDIT_ACTION[input.action](input.as);
  for (const row of acting) {
    const personal = row.scope === own;
    const changed = after.get(row.id);
    recordAudit({
      ctx: txCtx,
      input: {
        userId: input.viewer.userId,
        actorRef: input.viewer.actorRef,
        action,
        scope: row.scope,
        tenantRef: row.tenantRef,
        memoryId: row.id,
        key: personal ? null : row.key,
        // A person's own forget keeps nothing of the memory, as a single forget does.
        before: input.action === 'forget' ? undefined : lifeSnapshot(row, personal),
        after: changed ? lifeSnapshot(changed, personal) : undefined,
      },
    });
  }
  return results;
}

/** A batch of one, answered like a single action: done or unchanged, else the refusal itself. */
export function singleOutcome(result: ActOnMemoriesResult, what: string): BulkItemResult {
  const item = result.results[0]!;
  if (item.outcome === 'not-found') throw notFound(what);
  if (item.outcome === 'changed-since') throw new DomainError('CONFLICT', item.message ?? `${what} was changed by someone else.`);
  if (item.outcome === 'refused') {
    const code = item.reason === 'PINNED_FACT' ? 'CONFLICT' : 'FORBIDDEN';
    throw new DomainError(code, item.message ?? `${what} cannot be changed.`, { reason: item.reason as RefusalReason });
  }
  return item;
}
