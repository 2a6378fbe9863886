// scopes.rename: changes the label people read; the token (what memories and grants name) stays.
import { validateScopeLabel } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import type { PeopleViewer } from '../people/person-authority';
import { loadScopeAuthority } from './load-scope-authority';

export interface RenameCustomScopeInput {
  viewer: PeopleViewer;
  token: string;
  label: string;
}

export async function renameCustomScope({ ctx, input }: ServiceCall<RenameCustomScopeInput, PrismaClient>) {
  const { viewer } = input;
  const scope = await loadScopeAuthority({ ctx, input: { viewer, token: input.token, needs: 'tenant' } });
  const label = input.label.trim();
  const problems = validateScopeLabel(label);
  if (problems.length) throw new DomainError('INVALID', problems.map((problem) => problem.message).join(' '), { fieldErrors: problems });
  if (label === scope.label) return { token: scope.token, label };
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const { count } = await tx.scopeDefinition.updateMany({ where: { token: scope.token }, data: { label } });
        if (count === 0) throw notFound('That scope');
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'scope.renamed',
            scope: scope.token,
            tenantRef: scope.tenantRef,
            memoryId: null,
            before: { label: scope.label },
            after: { label },
          },
        });
        return { token: scope.token, label };
      },
    },
  });
}
