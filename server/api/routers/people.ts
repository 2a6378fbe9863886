// People of the tenants an administrator manages (docs/concepts.md "People and access"), and the
// public half of the one-time links: reading one and setting a password with it.
import { z } from 'zod';
import { acceptSignInLink } from '../../services/people/accept-sign-in-link';
import { disablePerson } from '../../services/people/disable-person';
import { enablePerson } from '../../services/people/enable-person';
import { getPerson } from '../../services/people/get-person';
import { invitePerson } from '../../services/people/invite-person';
import { listPeople } from '../../services/people/list-people';
import { readSignInLink } from '../../services/people/read-sign-in-link';
import { resetPassword } from '../../services/people/reset-password';
import { updatePerson } from '../../services/people/update-person';
import {
  displayName,
  emailAddress,
  inputId,
  inputText,
  pageCursor,
  password as passwordInput,
  required,
  searchText,
  tenantRef,
} from '../inputs';
import { protectedProcedure, publicProcedure, router } from '../trpc';

export const PEOPLE_PAGE_SIZE = 25;
const MAX_PEOPLE_PAGE = 100;

// The password of "confirm your password" (docs/operations.md "Sessions").
const password = passwordInput.optional();
// An id that names no one is answered NOT_FOUND.
const userId = inputId;
const name = displayName.trim().min(1, required);
// A one-time link's secret (base64url of 32 bytes); another is answered as an unknown link.
const token = inputText(200);

export const invitePersonSchema = z.object({
  tenantRef,
  email: emailAddress,
  name,
  password,
});

export const peopleRouter = router({
  list: protectedProcedure
    .input(
      z.object({
        tenantRef: tenantRef.optional(),
        query: searchText.optional(),
        cursor: pageCursor.optional(),
        limit: z
          .number()
          .int('limit must be a whole number')
          .min(1, 'limit must be at least 1')
          .max(MAX_PEOPLE_PAGE, `limit must be at most ${MAX_PEOPLE_PAGE}`)
          .default(PEOPLE_PAGE_SIZE),
      }),
    )
    .query(({ ctx, input }) => listPeople({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  get: protectedProcedure
    .input(z.object({ userId }))
    .query(({ ctx, input }) => getPerson({ ctx: ctx.service, input: { viewer: ctx.viewer, userId: input.userId } })),
  invite: protectedProcedure
    .input(invitePersonSchema)
    .mutation(({ ctx, input }) => invitePerson({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  update: protectedProcedure
    .input(z.object({ userId, name }))
    .mutation(({ ctx, input }) => updatePerson({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  disable: protectedProcedure
    .input(z.object({ userId, password }))
    .mutation(({ ctx, input }) => disablePerson({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  enable: protectedProcedure
    .input(z.object({ userId, password }))
    .mutation(({ ctx, input }) => enablePerson({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  resetPassword: protectedProcedure
    .input(z.object({ userId, password }))
    .mutation(({ ctx, input }) => resetPassword({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  // Signed out: the person holding the link has no account to sign in with yet.
  link: publicProcedure.input(z.object({ token })).query(({ ctx, input }) => readSignInLink({ ctx: ctx.service, input })),
  acceptLink: publicProcedure
    .input(z.object({ token, password: passwordInput }))
    .mutation(({ ctx, input }) => acceptSignInLink({ ctx: ctx.service, input })),
});
