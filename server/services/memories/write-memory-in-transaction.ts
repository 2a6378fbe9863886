// The one path by which a memory is created or replaced: validate the fact, ask the write
// verdict, then, inside the caller's transaction, lock the record, check the expected version and
// the per-person quota, write the next version and audit what a person did. `writeMemory` runs it
// in a transaction of its own; a promotion runs it in one with its other changes.
//
// Concurrency: the existing row is locked (SELECT … FOR UPDATE) before it is read, so parallel
// saves of one key queue up and each writes exactly the next version; the update is conditional on
// that version as well. A write that adds to a person's count first takes a transaction lock on
// their scope, so parallel creates cannot pass the quota together. A first write of a key racing
// another one, or a save racing a delete, is retried from the start; what remains is a CONFLICT
// with a sentence a person can act on, never a database error.
import {
  ACTOR_KIND,
  actorScope,
  addsToQuota,
  countsTowardQuota,
  DEFAULT_MAX_FACT_CHARS,
  DEFAULT_MAX_MEMORIES_PER_PERSON,
  MUTED_FACT_PIN_MESSAGE,
  decidePin,
  decideQuota,
  decideReplace,
  decideWrite,
  defaultExpiry,
  scopeKind,
  stateAfterSave,
  stateAt,
  validateExpiry,
  validateFact,
  type Author,
  type WriteDenialReason,
} from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { AgentMemory, Prisma } from '../../db/generated/client';
import { administers, reachOf } from '../../domain';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import type { Db, ServiceContext, TransactionCall } from '../context';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { lockMemoryRow } from './lock-memory-row';
import type { Writer } from './writer';
import { quotaWhere } from './visible-rows';
import { lockScopeCountSql } from './write-memory-in-transaction-sql';

export interface WriteMemoryInput {
  /** Who writes: a person with their grants, or the assistant (see writer.ts). */
  writer: Writer;
  scope: string;
  key: string;
  text: string;
  pinned?: boolean;
  threadId?: string | null;
  runId?: string | null;
  promotedFromId?: string | null;
  /** When given, the write happens only if the record is still at this version (0: must not exist). */
  expectedVersion?: number;
  auditAction?: AuditAction;
  /** "Keep mine": the person adopts the assistant's guess as it is; any other write clears the mark. */
  keptGuess?: boolean;
  /** A publication (a fact for a group): never at a person's own scope, not even the writer's. */
  publication?: boolean;
  /** More for the audit row's `after` (a promotion's source ids); never a person's own text. */
  auditDetails?: Prisma.InputJsonObject;
  /** The API token a person's change came through (a facts:write token: its creator is the writer). */
  auditTokenId?: string;
  /**
   * When it expires (docs/concepts.md "The life of a memory"): a date, or `ttlSeconds` from now,
   * or `expiresAt: null` to keep it until deleted. Not given: an existing record keeps its expiry
   * (unless it has expired: a re-save restores it), a new one gets the organisation's default
   * lifetime when it is the assistant's conclusion.
   */
  expiry?: { expiresAt?: Date | null; ttlSeconds?: number };
}

/** How each refusal reads, and how it answers: a scope the writer cannot see is not found. */
const WRITE_DENIALS: Record<WriteDenialReason, readonly ['NOT_FOUND' | 'FORBIDDEN', string]> = {
  SCOPE_NOT_APPLICABLE: ['NOT_FOUND', 'That scope does not exist or is not visible to you.'],
  AGENT_ABOVE_OWN_SCOPE: ['FORBIDDEN', 'The assistant may only write at the scope of the person it runs for.'],
  ANOTHER_PERSONS_SCOPE: ['FORBIDDEN', 'A person’s own memories are theirs: nobody else can write them.'],
  NOT_ADMINISTRATOR: ['FORBIDDEN', 'Writing at a shared scope needs administrator rights for that scope.'],
};

/** Thrown inside the transaction when the record changed between our read and our write. */
export class LostRace extends Error {}

export function memorySnapshot(record: Pick<AgentMemory, 'key' | 'text' | 'pinned' | 'author' | 'version'>) {
  return { key: record.key, text: record.text, pinned: record.pinned, author: record.author, version: record.version };
}

/**
 * What the audit log may keep of a change. Shared scopes keep before/after in full; a person's own
 * scope keeps no key or text, so a fact they later forget does not live on in the log.
 */
function auditedContent(record: AgentMemory, personal: boolean) {
  const expiry = record.expiresAt ? { expiresAt: record.expiresAt.toISOString() } : {};
  if (!personal) return { ...memorySnapshot(record), ...expiry };
  return { pinned: record.pinned, author: record.author, version: record.version, ...expiry };
}

/** The expiry the write asked for, checked against the clock (400 naming the field and the limit). */
function requestedExpiry(expiry: WriteMemoryInput['expiry'], now: Date): Date | null | undefined {
  if (expiry === undefined || (expiry.expiresAt === undefined && expiry.ttlSeconds === undefined)) return undefined;
  const verdict = validateExpiry({ ...expiry, now });
  if (!verdict.ok) {
    throw new DomainError('INVALID', verdict.errors.map((error) => error.message).join('; '), { fieldErrors: verdict.errors });
  }
  return verdict.expiresAt;
}

/** A person only ever states facts at their own scope; the assistant concludes about the person it runs for. */
function quotaMessage(author: Author, held: number, limit: number): string {
  return author === 'human'
    ? `You already hold ${held} facts you stated; the limit is ${limit}. ` +
        'Delete some you no longer need, or ask your administrator to raise the limit, then save again.'
    : `The assistant already holds ${held} conclusions about this person; the limit is ${limit}. ` +
        'Delete some that are no longer needed, or ask an administrator to raise the limit.';
}

function versionConflict(key: string, current: AgentMemory | null): DomainError {
  return new DomainError(
    'CONFLICT',
    current
      ? `"${key}" was changed by someone else (now version ${current.version}). Review the current text and try again.`
      : `"${key}" no longer exists. It may have been deleted; save again to recreate it.`,
    { current },
  );
}

/** Pinning a muted record is refused (memory-life.ts `decidePin`): CONFLICT naming the reason. */
export function checkPin(row: Pick<AgentMemory, 'state' | 'expiresAt' | 'pinned'>, pinning: boolean, now: Date): void {
  const pin = decidePin({ target: row, pinning, now });
  if (!pin.allowed) throw new DomainError('CONFLICT', MUTED_FACT_PIN_MESSAGE, { reason: pin.reason });
}

/** Serialises the writes that add to one scope's count, until the transaction ends. */
async function lockScopeCount(tx: Db, scope: string): Promise<void> {
  await tx.$executeRaw(lockScopeCountSql(scope));
}

/** The tenant owning `scope`; a scope that does not exist answers like one the writer cannot see. */
async function ownerOfScope(ctx: ServiceContext, scope: string): Promise<string | null> {
  try {
    return await tenantOfScope({ ctx, input: { scope } });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INVALID') throw writeDenied('SCOPE_NOT_APPLICABLE');
    throw error;
  }
}

function writeDenied(reason: WriteDenialReason): DomainError {
  const [code, message] = WRITE_DENIALS[reason];
  return new DomainError(code, message, { reason });
}

/**
 * The whole write inside a transaction the caller opened (`ctx.db` is that transaction), so an
 * action that changes more than this one record commits or fails as one. Run it through
 * `runWriteTransaction`, which starts over when it lost a race (`LostRace`, Prisma's conflicts,
 * a deadlock) and appends the audit row after everything the action locked.
 */
export async function writeMemoryInTransaction({ ctx, input }: TransactionCall<WriteMemoryInput>): Promise<AgentMemory> {
  const tx = ctx.db;
  const { writer } = input;
  const tenantRef = await ownerOfScope(ctx, input.scope);
  // The administers-check for exactly this scope, from the writer's own grants.
  const elevated = writer.kind === 'human' && administers(reachOf(writer.grants), input.scope, tenantRef);
  const verdict = decideWrite({
    scope: input.scope,
    writerScopes: writer.scopes,
    writer: { kind: writer.kind, actorRef: writer.actorRef },
    elevated,
  });
  if (!verdict.allowed) throw writeDenied(verdict.reason);
  // The verdict lets a person write only their own actor scope; a publication is never personal.
  if (input.publication && scopeKind(input.scope) === ACTOR_KIND) {
    throw new DomainError(
      'INVALID',
      'Facts are published for a group, an organisation or everyone; your own memories are kept on My memories.',
      {
        fieldErrors: [{ field: 'scope', message: 'scope must be a tenant, custom or global scope' }],
      },
    );
  }

  const limits = tenantRef
    ? await tx.tenant.findUniqueOrThrow({
        where: { ref: tenantRef },
        select: { maxFactChars: true, maxMemoriesPerPerson: true, conclusionLifetimeDays: true },
      })
    : { maxFactChars: DEFAULT_MAX_FACT_CHARS, maxMemoriesPerPerson: DEFAULT_MAX_MEMORIES_PER_PERSON, conclusionLifetimeDays: null };
  const fact = validateFact({ key: input.key, text: input.text }, limits);
  if (!fact.ok) {
    throw new DomainError('INVALID', fact.errors.map((error) => error.message).join(' '), { fieldErrors: fact.errors });
  }
  const author: Author = writer.kind;
  const writerUserId = writer.kind === 'human' ? writer.userId : null;
  const now = ctx.now();
  const asked = requestedExpiry(input.expiry, now);

  const existing = await lockMemoryRow({ ctx, input: { scope: input.scope, key: fact.key } });
  // An expired record no longer counts toward the quota; saving it again restores it.
  const live = existing !== null && countsTowardQuota(existing, now) ? existing : null;
  const replace = decideReplace({ writer: author, replacing: existing?.author ?? null });
  if (!replace.allowed) {
    throw new DomainError(
      'CONFLICT',
      `"${fact.key}" holds what the person stated about themselves; the assistant cannot replace it. Use another key.`,
      { reason: replace.reason },
    );
  }
  const adds = addsToQuota({ scope: input.scope, author, replacing: live?.author ?? null });
  if (adds) {
    await lockScopeCount(tx, input.scope);
    // Another first write of this key may have committed while we waited for the lock.
    if (!existing && (await lockMemoryRow({ ctx, input: { scope: input.scope, key: fact.key } }))) throw new LostRace();
  }
  if (input.expectedVersion !== undefined && input.expectedVersion !== (existing?.version ?? 0)) {
    throw versionConflict(fact.key, existing);
  }
  // Judged on the locked row: a mute racing this pin either committed first (refused here) or waits.
  if (existing && input.pinned !== undefined) checkPin(existing, input.pinned, now);
  if (adds) {
    // Muted memories count; expired ones (moved, or past their date) do not.
    const held = await tx.agentMemory.count({
      where: quotaWhere(now, { scope: input.scope, author, ...(existing ? { id: { not: existing.id } } : {}) }),
    });
    const quota = decideQuota({ held, limit: limits.maxMemoriesPerPerson });
    if (!quota.allowed) {
      throw new DomainError('CONFLICT', quotaMessage(author, quota.held, quota.limit), {
        reason: quota.reason,
        held: quota.held,
        limit: quota.limit,
      });
    }
  }

  const state = stateAfterSave(existing ? stateAt(existing, now) : null);
  const life = {
    state,
    mutedAt: state === 'muted' ? (existing?.mutedAt ?? now) : null,
    expiresAt:
      asked !== undefined
        ? asked
        : live
          ? live.expiresAt
          : defaultExpiry({ author, scope: input.scope, lifetimeDays: limits.conclusionLifetimeDays, now }),
    expiredAt: null,
  };
  const origin = {
    author,
    actorRef: writer.actorRef,
    threadId: input.threadId ?? null,
    runId: input.runId ?? null,
    promotedFromId: input.promotedFromId ?? null,
  };
  const saved = existing
    ? await tx.agentMemory.update({
        // Conditional on the version we read: a change we did not see is never overwritten.
        where: { id: existing.id, version: existing.version },
        data: {
          text: fact.text,
          pinned: input.pinned ?? existing.pinned,
          ...origin,
          ...life,
          keptGuessAt: input.keptGuess ? now : null,
          version: existing.version + 1,
          updatedAt: now,
        },
      })
    : await tx.agentMemory.create({
        data: {
          id: ctx.newId('mem'),
          key: fact.key,
          text: fact.text,
          scope: input.scope,
          tenantRef,
          pinned: input.pinned ?? false,
          ...origin,
          ...life,
          createdAt: now,
          updatedAt: now,
        },
      });
  if (author === 'human') {
    const personal = saved.scope === actorScope(writer.actorRef);
    recordAudit({
      ctx,
      input: {
        userId: writerUserId,
        actorRef: writer.actorRef,
        ...(input.auditTokenId ? { tokenId: input.auditTokenId } : {}),
        action: input.auditAction ?? 'memory.saved',
        scope: saved.scope,
        tenantRef,
        memoryId: saved.id,
        key: personal ? null : saved.key,
        before: existing ? auditedContent(existing, personal) : undefined,
        after: { ...auditedContent(saved, personal), ...input.auditDetails },
      },
    });
  }
  return saved;
}
