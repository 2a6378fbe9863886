// An administrator previews the block a member's next turn would carry: the same preview the
// member sees on My memories, computed for them. A person outside the tenants the administrator
// administers is answered NOT_FOUND, as if they did not exist; so is a system principal (no person).
import { actorScope, administersTenant, reachOf, tenantScope } from '../../domain';
import { loadViewer, type Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import type { ServiceCall } from '../context';
import { previewTurn } from './preview-turn';

export interface PreviewMemberInput {
  viewer: Pick<Viewer, 'grants'>;
  /** Any string: one that names no person the viewer administers is answered NOT_FOUND. */
  userId: string;
}

export async function previewMember({ ctx, input }: ServiceCall<PreviewMemberInput, PrismaClient>) {
  const person = isIdOf('usr', input.userId) && (await ctx.db.user.count({ where: { id: input.userId, system: false } })) > 0;
  const member = person ? await loadViewer(ctx.db, input.userId) : null;
  if (!member || !administersTenant(reachOf(input.viewer.grants), member.tenant.ref)) throw notFound('That person');
  return {
    member: {
      userId: member.userId,
      name: member.name,
      email: member.email,
      actorRef: member.actorRef,
      tenantName: member.tenant.name,
      /** Their own scope and their organisation's, which the preview names them by. */
      ownScope: actorScope(member.actorRef),
      organisationScope: tenantScope(member.tenant.ref),
    },
    preview: await previewTurn({ ctx, input: { viewer: member } }),
  };
}
