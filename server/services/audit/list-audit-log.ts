// One page of the audit log for an administrator, newest first, filtered, within the tenants they
// administer (docs/operations.md "Audit log"). Keyset paged on (at, id): a page never misses or
// repeats a row, however many rows are appended meanwhile.
import { decodeAuditCursor, encodeAuditCursor, isUndoableAction } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { Prisma } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { auditReachOf, auditRowsWithin } from './audit-access';

export interface AuditFilter {
  action?: string;
  /** A person's e-mail address, user id or actor ref. */
  person?: string;
  scope?: string;
  key?: string;
  /** Rows at or after this instant. */
  from?: Date;
  /** Rows before this instant. */
  to?: Date;
}

export interface ListAuditLogInput {
  viewer: Pick<Viewer, 'grants'>;
  filter: AuditFilter;
  /** The `nextCursor` of the previous page. */
  after?: string;
  limit: number;
}

async function personCondition(ctx: ServiceCall<unknown>['ctx'], person: string): Promise<Prisma.AuditEventWhereInput> {
  const byEmail = person.includes('@')
    ? await ctx.db.user.findFirst({ where: { email: { equals: person, mode: 'insensitive' } }, select: { id: true } })
    : null;
  return { OR: [{ userId: byEmail?.id ?? person }, { actorRef: person }] };
}

export async function listAuditLog({ ctx, input }: ServiceCall<ListAuditLogInput>) {
  const reach = auditReachOf(input.viewer);
  const { filter } = input;
  const position = input.after === undefined ? undefined : decodeAuditCursor(input.after);
  if (position === null) {
    throw new DomainError('INVALID', 'after is not a position in the audit log; start from the first page.', {
      fieldErrors: [{ field: 'after', message: 'not a cursor this console returned' }],
    });
  }
  const where: Prisma.AuditEventWhereInput = {
    AND: [
      auditRowsWithin(reach),
      filter.action ? { action: filter.action } : {},
      filter.scope ? { scope: filter.scope } : {},
      filter.key ? { key: filter.key } : {},
      filter.person ? await personCondition(ctx, filter.person.trim()) : {},
      filter.from || filter.to ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {},
      position ? { OR: [{ at: { lt: position.at } }, { at: position.at, id: { lt: position.id } }] } : {},
    ],
  };
  const found = await ctx.db.auditEvent.findMany({ where, orderBy: [{ at: 'desc' }, { id: 'desc' }], take: input.limit + 1 });
  const page = found.slice(0, input.limit);
  const userIds = [...new Set(page.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const users = new Map(
    (await ctx.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } })).map((user) => [
      user.id,
      user,
    ]),
  );
  const tokenIds = [...new Set(page.flatMap((row) => (row.tokenId ? [row.tokenId] : [])))];
  const tokens = new Map(
    tokenIds.length === 0
      ? []
      : (await ctx.db.apiToken.findMany({ where: { id: { in: tokenIds } }, select: { id: true, name: true } })).map((token) => [
          token.id,
          token,
        ]),
  );
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: row.id,
      at: row.at,
      action: row.action,
      scope: row.scope,
      tenantRef: row.tenantRef,
      key: row.key,
      memoryId: row.memoryId,
      before: row.before,
      after: row.after,
      person: {
        userId: row.userId,
        actorRef: row.actorRef,
        name: users.get(row.userId ?? '')?.name ?? null,
        email: users.get(row.userId ?? '')?.email ?? null,
      },
      /** The API token that made the change, when no signed-in person did (the runtime's forget). */
      token: row.tokenId ? { id: row.tokenId, name: tokens.get(row.tokenId)?.name ?? null } : null,
      /** Whether undo may apply at all (it still checks the record's current state). */
      undoable: row.key !== null && isUndoableAction(row.action),
    })),
    nextCursor: found.length > input.limit && last ? encodeAuditCursor(last) : null,
  };
}

export type AuditLogPage = Awaited<ReturnType<typeof listAuditLog>>;
export type AuditLogRow = AuditLogPage['rows'][number];
