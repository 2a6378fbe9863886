// The Operations charts (docs/features.md "Operations"): rollups per time bucket for the tenants in
// view.
import { z } from 'zod';
import { OPS_RANGES, opsInstantProblem, parseOpsInstant } from '../../domain';
import { readOpsOverview } from '../../services/ops/read-ops-overview';
import { inputText, tenantRef } from '../inputs';
import { HEAVY_READ, protectedProcedure, router } from '../trpc';

// A plain sentence, never the pattern: the page shows the message as it is.
const instant = (field: 'from' | 'to') =>
  inputText(40)
    .refine((text) => parseOpsInstant(text) !== null, opsInstantProblem(field))
    .optional();

export const opsOverviewSchema = z
  .object({
    tenantRef: tenantRef.optional(),
    range: z.enum(OPS_RANGES, `range must be one of ${OPS_RANGES.join(', ')}`).optional(),
    from: instant('from'),
    to: instant('to'),
  })
  .optional();

export const opsRouter = router({
  overview: protectedProcedure
    .meta(HEAVY_READ)
    .input(opsOverviewSchema)
    .query(({ ctx, input }) =>
      readOpsOverview({
        ctx: ctx.service,
        input: {
          viewer: ctx.viewer,
          tenantRef: input?.tenantRef,
          range: input?.range,
          from: input?.from ? new Date(input.from) : undefined,
          to: input?.to ? new Date(input.to) : undefined,
        },
      }),
    ),
});
