// The one path by which a memory is created or replaced: validate the fact, ask the write
// verdict, upsert by (scope, key) with a version check, and audit what a person did.
import { actorScope, DEFAULT_MAX_FACT_CHARS, decideWrite, validateFact, type Author } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import { Prisma, type AgentMemory } from '../../db/generated/client';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import type { ServiceDeps } from '../deps';
import { tenantOfScope } from '../scopes/scope-owner';

export interface WriteMemoryInput {
  writer: { kind: Author; actorRef: string; userId: string | null };
  /** The writer's resolved scopes (from the one resolver). */
  writerScopes: string[];
  /** Whether the administers-check said yes for `scope` (ignored for the writer's own scope). */
  elevated: boolean;
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
}

const WRITE_DENIALS = {
  SCOPE_NOT_APPLICABLE: 'You cannot write at that scope: it does not apply to you.',
  AGENT_ABOVE_OWN_SCOPE: 'The assistant may only write at the scope of the person it runs for.',
  NOT_ELEVATED: 'Writing at a shared scope needs administrator rights for that scope.',
} as const;

export function memorySnapshot(record: Pick<AgentMemory, 'key' | 'text' | 'pinned' | 'author' | 'version'>) {
  return { key: record.key, text: record.text, pinned: record.pinned, author: record.author, version: record.version };
}

/**
 * What the audit log may keep of a change. Shared scopes keep before/after in full; a person's own
 * scope keeps no key or text, so a fact they later forget does not live on in the log.
 */
function auditedContent(record: AgentMemory, personal: boolean) {
  if (!personal) return memorySnapshot(record);
  return { pinned: record.pinned, author: record.author, version: record.version };
}

export async function writeMemory(deps: ServiceDeps, input: WriteMemoryInput): Promise<AgentMemory> {
  const verdict = decideWrite({
    scope: input.scope,
    writerScopes: input.writerScopes,
    writer: { kind: input.writer.kind, actorRef: input.writer.actorRef },
    elevated: input.elevated,
  });
  if (!verdict.allowed) throw new DomainError('FORBIDDEN', WRITE_DENIALS[verdict.reason], { reason: verdict.reason });

  const tenantRef = await tenantOfScope(deps.prisma, input.scope);
  const limits = tenantRef
    ? await deps.prisma.tenant.findUniqueOrThrow({ where: { ref: tenantRef }, select: { maxFactChars: true } })
    : { maxFactChars: DEFAULT_MAX_FACT_CHARS };
  const fact = validateFact({ key: input.key, text: input.text }, limits);
  if (!fact.ok) {
    throw new DomainError('INVALID', fact.errors.map((error) => error.message).join(' '), { fieldErrors: fact.errors });
  }

  try {
    return await deps.prisma.$transaction(async (tx) => {
      const existing = await tx.agentMemory.findUnique({ where: { scope_key: { scope: input.scope, key: fact.key } } });
      const currentVersion = existing?.version ?? 0;
      if (input.expectedVersion !== undefined && input.expectedVersion !== currentVersion) {
        throw new DomainError(
          'CONFLICT',
          existing
            ? `"${fact.key}" was changed by someone else (now version ${existing.version}). Review the current text and try again.`
            : `"${fact.key}" no longer exists. It may have been deleted; save again to recreate it.`,
          { current: existing },
        );
      }
      const now = deps.now();
      const origin = {
        author: input.writer.kind,
        actorRef: input.writer.actorRef,
        threadId: input.threadId ?? null,
        runId: input.runId ?? null,
        promotedFromId: input.promotedFromId ?? null,
      };
      const saved = existing
        ? await tx.agentMemory.update({
            where: { id: existing.id },
            data: { text: fact.text, pinned: input.pinned ?? existing.pinned, ...origin, version: existing.version + 1, updatedAt: now },
          })
        : await tx.agentMemory.create({
            data: {
              id: deps.newId('mem'),
              key: fact.key,
              text: fact.text,
              scope: input.scope,
              tenantRef,
              pinned: input.pinned ?? false,
              ...origin,
              createdAt: now,
              updatedAt: now,
            },
          });
      if (input.writer.kind === 'human') {
        const personal = saved.scope === actorScope(input.writer.actorRef);
        await recordAudit(tx, deps, {
          userId: input.writer.userId,
          actorRef: input.writer.actorRef,
          action: input.auditAction ?? 'memory.saved',
          scope: saved.scope,
          tenantRef,
          memoryId: saved.id,
          key: personal ? null : saved.key,
          before: existing ? auditedContent(existing, personal) : undefined,
          after: auditedContent(saved, personal),
        });
      }
      return saved;
    });
  } catch (error) {
    // Two first writes of one (scope, key) at once: the loser sees the unique constraint.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new DomainError('CONFLICT', `"${fact.key}" was just created by someone else. Reload and try again.`);
    }
    throw error;
  }
}
