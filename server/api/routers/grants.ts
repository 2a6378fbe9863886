// Roles of people (docs/concepts.md "Roles, custom scopes and memberships"): a tenant
// administrator grants and removes roles in their organisation; each service checks the exact
// person and scope.
import { z } from 'zod';
import { addGrant } from '../../services/access/add-grant';
import { listPersonAccess } from '../../services/access/list-person-access';
import { removeGrant } from '../../services/access/remove-grant';
import { inputId, password as passwordInput, required, scopeToken } from '../inputs';
import { protectedProcedure, router } from '../trpc';

// Adding and removing need a sign-in (or password confirmation) of the last ten minutes.
const password = passwordInput.optional();
// An id that names no one is answered NOT_FOUND.
const userId = inputId;

export const grantsRouter = router({
  list: protectedProcedure
    .input(z.object({ userId }))
    .query(({ ctx, input }) => listPersonAccess({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  add: protectedProcedure
    .input(
      z.object({
        userId,
        scope: scopeToken.trim().min(1, required),
        role: z.enum(['admin', 'operator'], { message: 'role must be admin or operator' }),
        password,
      }),
    )
    .mutation(({ ctx, input }) => addGrant({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  remove: protectedProcedure
    .input(z.object({ grantId: inputId, password }))
    .mutation(({ ctx, input }) => removeGrant({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
});
