// The topics (keys) held for a person at their shared scopes — a group, their organisation,
// everyone — with the value that applies to them, so the add form can offer a topic's key when a
// new statement is about it and the person's own memory overrides the shared one.
import { actorScope, describeScope } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { offeredWhere } from './visible-rows';

export interface SharedTopic {
  key: string;
  scope: string;
  audience: ReturnType<typeof describeScope>['audience'];
  /** A custom scope's label ("Hamburg depot"); null for the built-in scopes. */
  scopeLabel: string | null;
  /** The shared value that applies to the person for this key (the narrowest). */
  text: string;
}

export interface ListTopicsInput {
  viewer: Pick<Viewer, 'actorRef' | 'scopes'>;
}

export async function listTopics({ ctx, input }: ServiceCall<ListTopicsInput>): Promise<SharedTopic[]> {
  const { viewer } = input;
  const shared = viewer.scopes.filter((scope) => scope !== actorScope(viewer.actorRef));
  if (shared.length === 0) return [];
  const [records, labels] = await Promise.all([
    ctx.db.agentMemory.findMany({
      where: offeredWhere(ctx.now(), { scope: { in: shared } }),
      select: { key: true, scope: true, text: true },
    }),
    ctx.db.scopeDefinition.findMany({ where: { token: { in: shared } }, select: { token: true, label: true } }),
  ]);
  const labelOf = new Map(labels.map((definition) => [definition.token, definition.label]));
  const rank = (scope: string) => shared.indexOf(scope);
  const byKey = new Map<string, (typeof records)[number]>();
  for (const record of records) {
    const held = byKey.get(record.key);
    if (!held || rank(record.scope) < rank(held.scope)) byKey.set(record.key, record);
  }
  return [...byKey.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((record) => ({
      key: record.key,
      scope: record.scope,
      audience: describeScope(record.scope, viewer.actorRef).audience,
      scopeLabel: labelOf.get(record.scope) ?? null,
      text: record.text,
    }));
}
