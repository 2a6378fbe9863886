// The signed-in person's own account: their open sessions and their password.
import { z } from 'zod';
import { changePassword } from '../../services/account/change-password';
import { endOtherSessions } from '../../services/account/end-other-sessions';
import { endSession } from '../../services/account/end-session';
import { listSessions } from '../../services/account/list-sessions';
import { listAccessChanges } from '../../services/people/list-access-changes';
import { inputId, password } from '../inputs';
import { protectedProcedure, router } from '../trpc';

// The password rules are the domain's (validateNewPassword); the schema only bounds the payload.
export const changePasswordSchema = z.object({ current: password, next: password });

export const accountRouter = router({
  sessions: protectedProcedure.query(({ ctx }) => listSessions({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  endSession: protectedProcedure
    .input(z.object({ id: inputId }))
    .mutation(({ ctx, input }) => endSession({ ctx: ctx.service, input: { viewer: ctx.viewer, sessionId: input.id } })),
  endOtherSessions: protectedProcedure.mutation(({ ctx }) => endOtherSessions({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  /** The audit rows about this person (invites, renames, disabling, resets, roles), newest first. */
  accessChanges: protectedProcedure.query(({ ctx }) => listAccessChanges({ ctx: ctx.service, input: { viewer: ctx.viewer, limit: 50 } })),
});
