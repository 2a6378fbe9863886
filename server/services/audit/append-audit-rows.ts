// Writes the audit rows a transaction recorded (record-audit.ts), each joining its chain: under a
// transaction-scoped advisory lock on the chain, the next seq and the previous row's hash. Only
// `runTransaction` calls it, as the transaction's last statements, so the chain's lock is the last
// lock every writer takes (docs/architecture.md "Locks and retries").
import { auditChainOf, GENESIS_HASH, type AuditJson } from '../../domain';
import type { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { auditChainLockSql } from './append-audit-rows-sql';
import { auditHash } from './audit-hash';
import type { AuditEntry } from './record-audit';

/** First key of the two-key advisory lock that serialises appends to one chain (any constant). */
export const AUDIT_CHAIN_LOCK = 0x61756474; // "audt"

/** The value as it will read back from the jsonb column: plain JSON, undefined members dropped. */
function asStored(value: Prisma.InputJsonValue | undefined): AuditJson {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as AuditJson);
}

/**
 * Appends `entries` in order, each to its chain, inside the caller's transaction. The chains'
 * locks are taken in name order, so two transactions appending to the same two chains cannot
 * deadlock on them either.
 */
export async function appendAuditRows({ ctx, input: entries }: ServiceCall<readonly AuditEntry[]>): Promise<void> {
  if (entries.length === 0) return;
  const tx = ctx.db;
  const chains = [...new Set(entries.map((entry) => auditChainOf(entry.tenantRef)))].sort();
  const heads = new Map<string, { seq: number; hash: string }>();
  for (const chain of chains) {
    // Held until the transaction ends, so the next writer of the chain sees these rows.
    await tx.$executeRaw(auditChainLockSql(AUDIT_CHAIN_LOCK, chain));
    const last = await tx.auditEvent.findFirst({ where: { chain }, orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
    heads.set(chain, { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH });
  }
  const at = ctx.now();
  const rows = entries.map((entry) => {
    const chain = auditChainOf(entry.tenantRef);
    const head = heads.get(chain)!;
    const before = asStored(entry.before);
    const after = asStored(entry.after);
    const content = {
      id: ctx.newId('aud'),
      at,
      userId: entry.userId,
      actorRef: entry.actorRef,
      action: entry.action,
      scope: entry.scope,
      tenantRef: entry.tenantRef,
      memoryId: entry.memoryId,
      key: entry.key ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      tokenId: entry.tokenId ?? null,
      chain,
      seq: head.seq + 1,
      prevHash: head.hash,
    };
    const hash = auditHash({ ...content, before, after });
    heads.set(chain, { seq: content.seq, hash });
    return {
      ...content,
      before: before === null ? undefined : (before as Prisma.InputJsonValue),
      after: after === null ? undefined : (after as Prisma.InputJsonValue),
      hash,
    };
  });
  await tx.auditEvent.createMany({ data: rows });
}
