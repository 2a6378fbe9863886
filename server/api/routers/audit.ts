// The audit log for administrators (docs/operations.md "Audit log"): read it page by page, undo one
// change. The exact authority checks are in the services.
import { z } from 'zod';
import { listAuditLog } from '../../services/audit/list-audit-log';
import { undoAuditEvent } from '../../services/audit/undo-audit-event';
import { inputId, password } from '../inputs';
import { adminProcedure, HEAVY_READ, router } from '../trpc';
import { auditListSchema, withoutEmpty } from './audit-input';

export const auditRouter = router({
  list: adminProcedure
    .meta(HEAVY_READ)
    .input(auditListSchema)
    .query(({ ctx, input }) => {
      const { after, limit, ...filter } = input;
      return listAuditLog({
        ctx: ctx.service,
        input: { viewer: ctx.viewer, filter: withoutEmpty(filter), after: after || undefined, limit },
      });
    }),
  undo: adminProcedure
    .input(z.object({ id: inputId, password: password.optional() }))
    .mutation(({ ctx, input }) =>
      undoAuditEvent({ ctx: ctx.service, input: { viewer: ctx.viewer, id: input.id, password: input.password } }),
    ),
});
