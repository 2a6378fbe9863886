// Memories as the signed-in person sees them: list, state, forget, export, preview.
import { z } from 'zod';
import { bulkIdsInput, expiresAtInput, expiryOf } from './life-inputs';
import { actOnMemories, PERSON_ACTIONS, singleOutcome } from '../../services/life/act-on-memories';
import { forgetConversation } from '../../services/life/forget-conversation';
import { selectOwnMemories } from '../../services/life/select-own-memories';
import { listStillTrue } from '../../services/life/list-still-true';
import { markStillTrueAsked } from '../../services/life/mark-still-true-asked';
import { listInactiveMemories } from '../../services/life/list-inactive-memories';
import { exportMemories } from '../../services/memories/export-memories';
import { forgetAllMemories } from '../../services/memories/forget-all-memories';
import { forgetMemory } from '../../services/memories/forget-memory';
import { keepOwnMemory } from '../../services/memories/keep-own-memory';
import { listConversations } from '../../services/memories/list-conversations';
import { listTopics } from '../../services/memories/list-topics';
import { listVisibleMemories } from '../../services/memories/list-visible-memories';
import { previewTurn } from '../../services/memories/preview-turn';
import { saveOwnMemory } from '../../services/memories/save-own-memory';
import { inputId, memoryKey, required, runtimeRef, searchText, writtenKey, writtenText } from '../inputs';
import { protectedProcedure, router } from '../trpc';

/** A page of My memories when the request names no size. */
export const DEFAULT_PAGE_SIZE = 50;

export const listMemoriesSchema = z
  .object({
    query: searchText.optional(),
    threadId: runtimeRef.optional(),
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(200, 'limit must be at most 200')
      .optional(),
    /** The `next` of the previous page (tRPC's infinite queries pass it as `cursor`). */
    cursor: z
      .object({
        rank: z
          .number()
          .int('cursor.rank must be a whole number')
          .min(1, 'cursor.rank must be at least 1')
          .max(1000, 'cursor.rank must be at most 1000'),
        key: memoryKey,
        id: inputId,
      })
      .nullish(),
  })
  .optional();

// Key and text limits are the domain's (validateFact); the schema only bounds the payload size.
// Without a key, the server derives one from the text (see save-own-memory.ts).
export const saveMemorySchema = z.object({
  key: writtenKey.optional(),
  text: writtenText,
  expectedVersion: z.number().int().min(0).optional(),
  onKeyTaken: z.enum(['refuse', 'keepBoth'], 'onKeyTaken must be "refuse" or "keepBoth"').optional(),
  /** "Forget this on…": absent keeps the memory's expiry, null removes it. */
  expiresAt: expiresAtInput,
});

export const keepMemorySchema = z.object({
  id: inputId,
  expectedVersion: z.number().int('expectedVersion must be a whole number').min(1, 'expectedVersion must be at least 1'),
});

export const memoriesRouter = router({
  list: protectedProcedure.input(listMemoriesSchema).query(({ ctx, input = {} }) =>
    listVisibleMemories({
      ctx: ctx.service,
      input: {
        viewer: ctx.viewer,
        filter: { query: input.query, threadId: input.threadId },
        page: { limit: input.limit ?? DEFAULT_PAGE_SIZE, ...(input.cursor ? { after: input.cursor } : {}) },
      },
    }),
  ),
  /** The shared topics that apply to the person, for the add form's "this sounds like…" offer. */
  topics: protectedProcedure.query(({ ctx }) => listTopics({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  conversations: protectedProcedure.query(({ ctx }) => listConversations({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  forget: protectedProcedure
    // An id that names nothing the person may forget is answered NOT_FOUND by the forget verdict, as over REST.
    .input(z.object({ id: inputId }))
    .mutation(({ ctx, input }) => forgetMemory({ ctx: ctx.service, input: { viewer: ctx.viewer, id: input.id } })),
  save: protectedProcedure.input(saveMemorySchema).mutation(async ({ ctx, input }) => {
    const { expiresAt, ...rest } = input;
    const saved = await saveOwnMemory({ ctx: ctx.service, input: { viewer: ctx.viewer, ...rest, expiry: expiryOf(expiresAt) } });
    return {
      id: saved.id,
      key: saved.key,
      text: saved.text,
      version: saved.version,
      updatedAt: saved.updatedAt,
      expiresAt: saved.expiresAt,
      state: saved.state,
    };
  }),
  keepMine: protectedProcedure.input(keepMemorySchema).mutation(async ({ ctx, input }) => {
    const kept = await keepOwnMemory({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    return { id: kept.id, key: kept.key, text: kept.text, author: kept.author, version: kept.version, updatedAt: kept.updatedAt };
  }),
  export: protectedProcedure.query(({ ctx }) => exportMemories({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  forgetAll: protectedProcedure
    .input(z.object({ confirm: z.literal(true, 'confirm must be true') }))
    .mutation(({ ctx }) => forgetAllMemories({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  preview: protectedProcedure.query(({ ctx }) => previewTurn({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  /** Forget, mute, restore, set an expiry, expire or confirm up to 500 of one's own memories: results per memory. */
  act: protectedProcedure
    .input(
      z.object({
        ids: bulkIdsInput,
        action: z.enum(PERSON_ACTIONS, `action must be one of ${PERSON_ACTIONS.join(', ')}`),
        expiresAt: expiresAtInput,
      }),
    )
    .mutation(({ ctx, input }) =>
      actOnMemories({
        ctx: ctx.service,
        input: { viewer: ctx.viewer, as: 'person', ids: input.ids, action: input.action, expiresAt: expiryOf(input.expiresAt)?.expiresAt },
      }),
    ),
  /** Mute one's own memory (kept, never used) or restore it: one click, no confirmation. */
  setMuted: protectedProcedure.input(z.object({ id: inputId, muted: z.boolean() })).mutation(async ({ ctx, input }) =>
    singleOutcome(
      await actOnMemories({
        ctx: ctx.service,
        input: { viewer: ctx.viewer, as: 'person', ids: [input.id], action: input.muted ? 'mute' : 'unmute' },
      }),
      'That memory',
    ),
  ),
  /** The ids (at most 500), count and kinds of what the page's search or conversation filter shows. */
  selectMatching: protectedProcedure
    .input(z.object({ query: searchText.optional(), threadId: runtimeRef.optional() }))
    .query(({ ctx, input }) => selectOwnMemories({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  forgetConversation: protectedProcedure
    .input(z.object({ threadId: runtimeRef.min(1, required) }))
    .mutation(({ ctx, input }) => forgetConversation({ ctx: ctx.service, input: { viewer: ctx.viewer, threadId: input.threadId } })),
  /** "Still true?": at most once a week, up to three old own memories (empty otherwise). */
  stillTrue: protectedProcedure.query(({ ctx }) => listStillTrue({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  /** The panel was shown: it is not shown again for a week. */
  stillTrueShown: protectedProcedure.mutation(({ ctx }) => markStillTrueAsked({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  /** The person's own muted and expired memories (kept, never offered). */
  inactive: protectedProcedure.query(({ ctx }) => listInactiveMemories({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
});
