// Alerts for operators and tenant administrators (docs/features.md "Operations"): list, detail,
// acknowledge, hand off to the organisation's administrators, resolve.
import { z } from 'zod';
import { ALERT_NOTE_MAX } from '../../domain';
import { config } from '../../config/env';
import { acknowledgeAlert } from '../../services/alerts/acknowledge-alert';
import { handOffAlert } from '../../services/alerts/hand-off-alert';
import { listAlerts } from '../../services/alerts/list-alerts';
import { readAlertDetail } from '../../services/alerts/read-alert-detail';
import { resolveAlertByPerson } from '../../services/alerts/resolve-alert-by-person';
import { inputId as id, inputText, required, tenantRef } from '../inputs';
import { protectedProcedure, router } from '../trpc';

export const alertsListSchema = z
  .object({
    tenantRef: tenantRef.optional(),
    state: z.enum(['open', 'acknowledged', 'resolved'], 'state must be one of open, acknowledged, resolved').optional(),
  })
  .optional();

export const alertsRouter = router({
  list: protectedProcedure
    .input(alertsListSchema)
    .query(({ ctx, input }) => listAlerts({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  detail: protectedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => readAlertDetail({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  acknowledge: protectedProcedure
    .input(
      z.object({
        id,
        note: inputText(ALERT_NOTE_MAX).trim().min(1, required),
      }),
    )
    .mutation(({ ctx, input }) => acknowledgeAlert({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  handOff: protectedProcedure
    .input(z.object({ id, note: inputText(ALERT_NOTE_MAX).trim().optional() }))
    .mutation(({ ctx, input }) =>
      handOffAlert({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, consoleUrl: config().NEXTAUTH_URL ?? null } }),
    ),
  resolve: protectedProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => resolveAlertByPerson({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
});
