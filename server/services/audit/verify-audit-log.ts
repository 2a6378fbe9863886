// Walks every audit chain in seq order and recomputes each row's hash and link. A row whose
// content was edited, a row that was removed, or a row spliced in from elsewhere breaks its chain.
import { CHAIN_START, checkAuditLink, type AuditBreak, type AuditJson, type ChainCursor } from '../../domain';
import type { ServiceContext } from '../context';
import { sha256Hex } from './audit-hash';

export interface ChainHead {
  chain: string;
  rows: number;
  seq: number;
  hash: string;
}

export interface AuditVerification {
  rows: number;
  chains: ChainHead[];
  /** Every break found, per chain in seq order; empty when the log verifies. */
  breaks: AuditBreak[];
}

const PAGE = 500;

export async function verifyAuditLog({ ctx }: { ctx: ServiceContext }): Promise<AuditVerification> {
  const chains = (await ctx.db.auditEvent.findMany({ distinct: ['chain'], select: { chain: true }, orderBy: { chain: 'asc' } })).map(
    (row) => row.chain,
  );
  const result: AuditVerification = { rows: 0, chains: [], breaks: [] };
  for (const chain of chains) {
    let cursor: ChainCursor = CHAIN_START;
    const head: ChainHead = { chain, rows: 0, seq: 0, hash: CHAIN_START.prevHash };
    let afterSeq = 0;
    for (;;) {
      const page = await ctx.db.auditEvent.findMany({
        where: { chain, seq: { gt: afterSeq } },
        orderBy: { seq: 'asc' },
        take: PAGE,
      });
      for (const row of page) {
        const checked = checkAuditLink(cursor, { ...row, before: row.before as AuditJson, after: row.after as AuditJson }, sha256Hex);
        result.breaks.push(...checked.breaks);
        cursor = checked.next;
        head.rows += 1;
        head.seq = row.seq;
        head.hash = row.hash;
      }
      if (page.length < PAGE) break;
      afterSeq = page.at(-1)!.seq;
    }
    result.rows += head.rows;
    result.chains.push(head);
  }
  return result;
}
