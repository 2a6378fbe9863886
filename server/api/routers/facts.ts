// Published facts for administrators (docs/features.md "Published facts"): list, save, delete, pin,
// history, overrides and the pin budget forecast. The exact authority check is in each service.
import { z } from 'zod';
import { bulkIdsInput, expiresAtInput, expiryOf, instantInput } from './life-inputs';
import { actOnMemories, FACT_ACTIONS } from '../../services/life/act-on-memories';
import { MAX_BULK_IDS } from '../../domain';
import { deleteFact } from '../../services/facts/delete-fact';
import { extendFact } from '../../services/facts/extend-fact';
import { factHistory } from '../../services/facts/fact-history';
import { forecastPin } from '../../services/facts/forecast-pin';
import { listFactOverrides } from '../../services/facts/list-fact-overrides';
import { listFactScopes } from '../../services/facts/list-fact-scopes';
import { listFacts } from '../../services/facts/list-facts';
import { saveFact } from '../../services/facts/save-fact';
import { setFactPinned } from '../../services/facts/set-fact-pinned';
import { inputId, memoryKey, password, required, scopeToken, searchText, writtenKey, writtenText } from '../inputs';
import { adminProcedure, HEAVY_READ, router } from '../trpc';

const scope = scopeToken.min(1, required);
const key = writtenKey;
// One that is not a fact's id is answered NOT_FOUND.
const id = inputId;
const version = z.number().int().min(0).max(2_147_483_647);
const confirmOmissions = z.number().int().min(0).max(100_000_000).optional();

export const listFactsSchema = z.object({
  scope: scope.optional(),
  search: searchText.optional(),
  /** The last row of the previous page (keyset paging). */
  cursor: z.object({ key: memoryKey, scope: scopeToken }).nullish(),
  limit: z.number().int().min(1).max(100, 'limit must be at most 100').default(50),
  /** `current` (default): active and muted facts; `expired`: the expired ones, until they are deleted. */
  view: z.enum(['current', 'expired'], 'view must be current or expired').default('current'),
});

// Key and text limits are the domain's (validateFact); the schema only bounds the payload size.
export const saveFactSchema = z.object({
  scope,
  key,
  text: writtenText,
  pinned: z.boolean().optional(),
  expectedVersion: version.optional(),
  confirmOmissions,
  password: password.optional(),
  expiresAt: expiresAtInput,
});

export const factsRouter = router({
  list: adminProcedure
    .input(listFactsSchema)
    .query(({ ctx, input }) => listFacts({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, after: input.cursor ?? undefined } })),
  scopes: adminProcedure.query(({ ctx }) => listFactScopes({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  overrides: adminProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => listFactOverrides({ ctx: ctx.service, input: { viewer: ctx.viewer, id: input.id } })),
  history: adminProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => factHistory({ ctx: ctx.service, input: { viewer: ctx.viewer, id: input.id } })),
  forecast: adminProcedure
    .meta(HEAVY_READ)
    .input(z.object({ scope, key, pinned: z.boolean().optional() }))
    .query(({ ctx, input }) => forecastPin({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  save: adminProcedure.input(saveFactSchema).mutation(async ({ ctx, input }) => {
    const { expiresAt, ...rest } = input;
    const saved = await saveFact({ ctx: ctx.service, input: { viewer: ctx.viewer, ...rest, expiry: expiryOf(expiresAt) } });
    return { id: saved.id, scope: saved.scope, key: saved.key, text: saved.text, pinned: saved.pinned, version: saved.version };
  }),
  setPinned: adminProcedure
    .input(z.object({ id, pinned: z.boolean(), expectedVersion: version, confirmOmissions, password: password.optional() }))
    .mutation(async ({ ctx, input }) => {
      const saved = await setFactPinned({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
      return { id: saved.id, pinned: saved.pinned, version: saved.version };
    }),
  /** A new valid-until date for a fact, bringing an expired one back; at the version seen. */
  extend: adminProcedure
    .input(z.object({ id, expectedVersion: version, expiresAt: instantInput('expiresAt') }))
    .mutation(({ ctx, input }) =>
      extendFact({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, expiresAt: new Date(input.expiresAt) } }),
    ),
  delete: adminProcedure
    .input(z.object({ id, expectedVersion: version, password: password.optional() }))
    .mutation(({ ctx, input }) => deleteFact({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  /** Delete, mute, restore, set an expiry, expire, confirm, pin or unpin up to 500 facts, each at the version seen. */
  act: adminProcedure
    .input(
      z.object({
        ids: bulkIdsInput,
        action: z.enum(FACT_ACTIONS, `action must be one of ${FACT_ACTIONS.join(', ')}`),
        expiresAt: expiresAtInput,
        /** The version each fact was seen at. */
        expectedVersions: z
          .array(z.object({ id: inputId, version }))
          .max(MAX_BULK_IDS)
          .optional(),
        password: password.optional(),
        /** For `pin`: the number of people the forecast said would go over their limit, confirmed. */
        confirmOmissions,
      }),
    )
    .mutation(({ ctx, input }) =>
      actOnMemories({
        ctx: ctx.service,
        input: {
          ...input,
          viewer: ctx.viewer,
          as: 'administrator',
          expiresAt: expiryOf(input.expiresAt)?.expiresAt,
          expectedVersions: Object.fromEntries((input.expectedVersions ?? []).map((seen) => [seen.id, seen.version])),
        },
      }),
    ),
});
