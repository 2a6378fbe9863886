// Creates a tenant if it does not exist yet (tenants are provisioned, not edited, here).
import { z } from 'zod';
import { DEFAULT_MAX_FACT_CHARS, DEFAULT_MAX_MEMORIES } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export const tenantInputSchema = z.object({
  ref: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'ref must be 1–63 characters of a-z, 0-9 and -'),
  name: z.string().trim().min(1).max(120),
  maxMemories: z.number().int().min(1).max(500).default(DEFAULT_MAX_MEMORIES),
  maxFactChars: z.number().int().min(16).max(4000).default(DEFAULT_MAX_FACT_CHARS),
});

export type EnsureTenantInput = z.input<typeof tenantInputSchema>;

export async function ensureTenant({ ctx, input }: ServiceCall<EnsureTenantInput>) {
  const parsed = tenantInputSchema.safeParse(input);
  if (!parsed.success) throw new DomainError('INVALID', `Invalid tenant: ${parsed.error.issues[0]?.message}`);
  const existing = await ctx.db.tenant.findUnique({ where: { ref: parsed.data.ref } });
  if (existing) return existing;
  return ctx.db.tenant.create({ data: parsed.data });
}
