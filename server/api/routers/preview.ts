// Member preview for administrators (docs/features.md "Member preview"): whom they may preview, and
// the block a member's next turn would carry. The exact checks are in the services.
import { z } from 'zod';
import { previewMember } from '../../services/memories/preview-member';
import { listAdministeredMembers } from '../../services/users/list-administered-members';
import { inputId, searchText } from '../inputs';
import { adminProcedure, router } from '../trpc';

export const MEMBER_SEARCH_LIMIT = 50;

export const previewRouter = router({
  members: adminProcedure
    .input(z.object({ query: searchText.optional() }))
    .query(({ ctx, input }) =>
      listAdministeredMembers({ ctx: ctx.service, input: { viewer: ctx.viewer, query: input.query, limit: MEMBER_SEARCH_LIMIT } }),
    ),
  member: adminProcedure
    .input(z.object({ userId: inputId }))
    .query(({ ctx, input }) => previewMember({ ctx: ctx.service, input: { viewer: ctx.viewer, userId: input.userId } })),
});
