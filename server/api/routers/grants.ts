// Roles of people (docs/concepts.md "Roles, custom scopes and memberships"): a tenant
// administrator grants and removes roles in their organisation; each service checks the exact
// person and scope.
import { z } from 'zod';
import { addGrant } from '../../services/access/add-grant';
import { listPersonAccess } from '../../services/access/list-person-access';
import { removeGrant } from '../../services/access/remove-grant';
import { inputString } from '../inputs';
import { protectedProcedure, router } from '../trpc';

// Adding and removing need a sign-in (or password confirmation) of the last ten minutes.
const password = inputString.max(1024, 'password is far too long (at most 1024 characters)').optional();
// No shape is required of ids: an id of any shape that names no one is answered NOT_FOUND.
const userId = inputString.max(200, 'userId is too long (at most 200 characters)');

export const grantsRouter = router({
  list: protectedProcedure
    .input(z.object({ userId }))
    .query(({ ctx, input }) => listPersonAccess({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  add: protectedProcedure
    .input(
      z.object({
        userId,
        scope: inputString.trim().min(1, 'scope is required').max(200, 'scope is too long (at most 200 characters)'),
        role: z.enum(['admin', 'operator'], { message: 'role must be admin or operator' }),
        password,
      }),
    )
    .mutation(({ ctx, input }) => addGrant({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  remove: protectedProcedure
    .input(z.object({ grantId: inputString.max(200, 'grantId is too long (at most 200 characters)'), password }))
    .mutation(({ ctx, input }) => removeGrant({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
});
