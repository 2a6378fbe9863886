// An organisation's settings, for its administrators (docs/features.md "Tenant settings").
import { z } from 'zod';
import { LIFE_SETTING_LIMITS, TENANT_SETTING_LIMITS } from '../../domain';
import { applyConclusionLifetime } from '../../services/life/apply-conclusion-lifetime';
import { forecastConclusionLifetime } from '../../services/life/forecast-conclusion-lifetime';
import { forecastBudget } from '../../services/tenants/forecast-budget';
import { listSettingsTenants } from '../../services/tenants/list-settings-tenants';
import { tenantSettings } from '../../services/tenants/tenant-settings';
import { updateTenantSettings } from '../../services/tenants/update-tenant-settings';
import { inputText, password, required, tenantRef as tenantRefInput } from '../inputs';
import { adminProcedure, HEAVY_READ, router } from '../trpc';

const tenantRef = tenantRefInput.min(1, required);
const { maxMemories: MEMORIES, maxFactChars: CHARS } = TENANT_SETTING_LIMITS;
const maxMemories = z
  .number()
  .int('maxMemories must be a whole number')
  .min(MEMORIES.min, `maxMemories must be at least ${MEMORIES.min}`)
  .max(MEMORIES.max, `maxMemories must be at most ${MEMORIES.max}`);
const maxFactChars = z
  .number()
  .int('maxFactChars must be a whole number')
  .min(CHARS.min, `maxFactChars must be at least ${CHARS.min}`)
  .max(CHARS.max, `maxFactChars must be at most ${CHARS.max}`);

export const tenantsRouter = router({
  administered: adminProcedure.query(({ ctx }) => listSettingsTenants({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  settings: adminProcedure
    .input(z.object({ tenantRef }))
    .query(({ ctx, input }) => tenantSettings({ ctx: ctx.service, input: { viewer: ctx.viewer, tenantRef: input.tenantRef } })),
  forecastBudget: adminProcedure
    .meta(HEAVY_READ)
    .input(z.object({ tenantRef, maxMemories }))
    .query(({ ctx, input }) => forecastBudget({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  updateSettings: adminProcedure
    .input(
      z.object({
        tenantRef,
        maxMemories,
        maxFactChars,
        conclusionLifetimeDays: z
          .number()
          .int()
          .min(
            LIFE_SETTING_LIMITS.conclusionLifetimeDays.min,
            `conclusionLifetimeDays must be at least ${LIFE_SETTING_LIMITS.conclusionLifetimeDays.min}`,
          )
          .max(
            LIFE_SETTING_LIMITS.conclusionLifetimeDays.max,
            `conclusionLifetimeDays must be at most ${LIFE_SETTING_LIMITS.conclusionLifetimeDays.max}`,
          )
          .nullable()
          .optional(),
        reviewIntervalDays: z
          .number()
          .int()
          .min(
            LIFE_SETTING_LIMITS.reviewIntervalDays.min,
            `reviewIntervalDays must be at least ${LIFE_SETTING_LIMITS.reviewIntervalDays.min}`,
          )
          .max(
            LIFE_SETTING_LIMITS.reviewIntervalDays.max,
            `reviewIntervalDays must be at most ${LIFE_SETTING_LIMITS.reviewIntervalDays.max}`,
          )
          .optional(),
        expectedUpdatedAt: inputText(64).optional(),
        password: password.optional(),
      }),
    )
    .mutation(({ ctx, input }) => updateTenantSettings({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  /** How many existing conclusions the lifetime would give an expiry, and how many would expire at once. */
  forecastLifetime: adminProcedure
    .meta(HEAVY_READ)
    .input(z.object({ tenantRef }))
    .query(({ ctx, input }) => forecastConclusionLifetime({ ctx: ctx.service, input: { viewer: ctx.viewer, tenantRef: input.tenantRef } })),
  applyLifetime: adminProcedure
    .input(z.object({ tenantRef, expectedCount: z.number().int().min(0) }))
    .mutation(({ ctx, input }) => applyConclusionLifetime({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
});
