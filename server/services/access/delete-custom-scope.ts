// scopes.delete: removes a custom scope with its memberships and the grants at it, only while it
// holds no memories (they are deleted or moved first). The scope's row is locked before its
// memories are counted; a first write into the scope takes a share lock on the same row (migration
// 20261203110000_custom_scope_guard), so the two wait for each other and never leave a memory
// at a scope that no longer exists.
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { recordAccessChange } from '../audit/record-access-change';
import { recordAudit } from '../audit/record-audit';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import type { PeopleViewer } from '../people/person-authority';
import { loadScopeAuthority } from './load-scope-authority';
import { lockScopeDefinitionSql, TOKEN_ROW } from './scope-definition-sql';

export interface DeleteCustomScopeInput {
  viewer: PeopleViewer;
  token: string;
}

export async function deleteCustomScope({ ctx, input }: ServiceCall<DeleteCustomScopeInput, PrismaClient>) {
  const { viewer } = input;
  const scope = await loadScopeAuthority({ ctx, input: { viewer, token: input.token, needs: 'tenant' } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const locked = await readRows(txCtx, lockScopeDefinitionSql(scope.token), TOKEN_ROW);
        if (locked.length === 0) throw notFound('That scope');
        const held = await tx.agentMemory.count({ where: { scope: scope.token } });
        if (held > 0) {
          throw new DomainError(
            'FORBIDDEN',
            `${scope.label} still holds ${held} ${held === 1 ? 'memory' : 'memories'}. Delete them or move them to another scope first.`,
            { reason: 'SCOPE_HOLDS_MEMORIES', held },
          );
        }
        const members = await tx.scopeMembership.findMany({
          where: { scopeToken: scope.token },
          select: { userId: true, user: { select: { name: true } } },
        });
        const grants = await tx.grant.deleteMany({ where: { scope: scope.token } });
        await tx.scopeDefinition.delete({ where: { token: scope.token } });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'scope.deleted',
            scope: scope.token,
            tenantRef: scope.tenantRef,
            memoryId: null,
            before: { token: scope.token, label: scope.label, members: members.map((member) => member.userId), grants: grants.count },
          },
        });
        // Each member sees on their account page that they left the scope with it.
        for (const member of members) {
          recordAccessChange({
            ctx: txCtx,
            input: {
              viewer,
              action: 'membership.removed',
              scope: scope.token,
              tenantRef: scope.tenantRef,
              subjectUserId: member.userId,
              before: { userId: member.userId, name: member.user.name, scope: scope.token, label: scope.label, scopeDeleted: true },
            },
          });
        }
        return { token: scope.token, deleted: true };
      },
    },
  });
}
