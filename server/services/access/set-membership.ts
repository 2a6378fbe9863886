// memberships.set: puts a person of the scope's organisation in or out of a custom scope; their
// scopes change on their next request. The scope's row is share-locked first, so a membership is
// never added to a scope being deleted.
import type { PrismaClient } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import { recordAccessChange } from '../audit/record-access-change';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import type { PeopleViewer } from '../people/person-authority';
import { loadScopeAuthority } from './load-scope-authority';
import { keyShareScopeDefinitionSql, TOKEN_ROW } from './scope-definition-sql';

export interface SetMembershipInput {
  viewer: PeopleViewer;
  userId: string;
  scopeToken: string;
  member: boolean;
}

export async function setMembership({ ctx, input }: ServiceCall<SetMembershipInput, PrismaClient>) {
  const { viewer } = input;
  const scope = await loadScopeAuthority({ ctx, input: { viewer, token: input.scopeToken, needs: 'scope' } });
  const person = await ctx.db.user.findUnique({
    where: { id: input.userId },
    select: { id: true, name: true, tenantRef: true, system: true },
  });
  // A person of another organisation than the scope's is answered like one that does not exist.
  if (!person || person.system || person.tenantRef !== scope.tenantRef) throw notFound('That person');
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const locked = await readRows(txCtx, keyShareScopeDefinitionSql(scope.token), TOKEN_ROW);
        if (locked.length === 0) throw notFound('That scope');
        let changed: boolean;
        if (input.member) {
          const position = await tx.scopeMembership.count({ where: { userId: person.id } });
          const { count } = await tx.scopeMembership.createMany({
            data: [{ userId: person.id, scopeToken: scope.token, position, createdAt: ctx.now() }],
            skipDuplicates: true,
          });
          changed = count === 1;
        } else {
          const { count } = await tx.scopeMembership.deleteMany({ where: { userId: person.id, scopeToken: scope.token } });
          changed = count === 1;
        }
        if (changed) {
          const entry = { userId: person.id, name: person.name, scope: scope.token, label: scope.label };
          recordAccessChange({
            ctx: txCtx,
            input: {
              viewer,
              action: input.member ? 'membership.added' : 'membership.removed',
              scope: scope.token,
              tenantRef: scope.tenantRef,
              subjectUserId: person.id,
              ...(input.member ? { after: entry } : { before: entry }),
            },
          });
        }
        return { userId: person.id, scopeToken: scope.token, member: input.member, changed };
      },
    },
  });
}
