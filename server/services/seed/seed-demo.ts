// Creates the demo organisation through the console's own services, so the demo data obeys every
// rule real data does. Each item is created once (see load-seed-markers.ts): what exists is left as it
// is, and what a person deleted after an earlier seed stays deleted.
import { loadViewer, type Viewer } from '../../auth/viewer';
import { actorScope, resolveScopes } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceContext } from '../context';
import { ingestRuntimeEvents } from '../diagnostics/ingest-runtime-events';
import type { RuntimeEventInput } from '../diagnostics/runtime-event-schema';
import { writeMemory } from '../memories/write-memory';
import { agentWriter, humanWriter } from '../memories/writer';
import { addMembership } from '../scopes/add-membership';
import { defineScope } from '../scopes/define-scope';
import { ensureTenant } from '../tenants/ensure-tenant';
import { recordThread } from '../threads/record-thread';
import { createUser } from '../users/create-user';
import { grantRole } from '../users/grant-role';
import { loadSeedMarkers, seedItemKey } from './load-seed-markers';
import {
  DEMO_CONCLUSIONS,
  DEMO_DUE_AGE_DAYS,
  DEMO_DUE_FOR_REVIEW,
  DEMO_OWN_FACTS,
  DEMO_PUBLISHED,
  DEMO_PUBLISHER_BY_SCOPE,
  DEMO_SCOPES,
  DEMO_TENANTS,
  DEMO_THREADS,
  DEMO_USERS,
  INSTALLER_ACTOR_REF,
} from './demo-data';

export interface SeedResult {
  memoriesCreated: number;
  eventsCreated: number;
}

export async function seedDemo({ ctx }: { ctx: ServiceContext<PrismaClient> }): Promise<SeedResult> {
  const markers = await loadSeedMarkers({ ctx });
  for (const tenant of DEMO_TENANTS) await markers.once(seedItemKey.tenant(tenant.ref), () => ensureTenant({ ctx, input: tenant }));
  for (const scope of DEMO_SCOPES) await markers.once(seedItemKey.scope(scope.token), () => defineScope({ ctx, input: scope }));

  // Demo people that exist now (a person may have removed one since an earlier seed).
  const userIdByActor = new Map<string, string>();
  for (const demo of DEMO_USERS) {
    await markers.once(seedItemKey.user(demo.email), async () => {
      if (await ctx.db.user.findUnique({ where: { email: demo.email } })) return;
      await createUser({
        ctx,
        input: {
          email: demo.email,
          name: demo.name,
          actorRef: demo.actorRef,
          tenantRef: demo.tenantRef,
          password: demo.password,
          system: demo.system,
        },
      });
    });
    const user = await ctx.db.user.findUnique({ where: { email: demo.email } });
    if (!user) continue;
    userIdByActor.set(user.actorRef, user.id);
    for (const scopeToken of demo.memberships ?? []) {
      await markers.once(seedItemKey.membership(demo.email, scopeToken), () =>
        addMembership({ ctx, input: { userId: user.id, scopeToken } }),
      );
    }
    for (const grant of demo.grants ?? []) {
      await markers.once(seedItemKey.grant(demo.email, grant.role, grant.scope), () =>
        grantRole({ ctx, input: { userId: user.id, ...grant } }),
      );
    }
  }

  const now = ctx.now();
  for (const thread of DEMO_THREADS) {
    await markers.once(seedItemKey.thread(thread.id), () =>
      recordThread({
        ctx,
        input: {
          id: thread.id,
          actorRef: thread.actorRef,
          title: thread.title,
          deletedAt: thread.deleted ? new Date(now.getTime() - 2 * 86_400_000) : null,
        },
      }),
    );
  }

  let memoriesCreated = 0;
  /** Writes a demo memory once: never after a person deleted it, never over one that exists. */
  const writeOnce = (scope: string, key: string, write: () => Promise<unknown>) =>
    markers.once(seedItemKey.memory(scope, key), async () => {
      if (await ctx.db.agentMemory.findUnique({ where: { scope_key: { scope, key } } })) return;
      await write();
      memoriesCreated += 1;
    });
  const viewers = new Map<string, Viewer>();
  /** The demo person as the console loads them, or null when they no longer exist. */
  const viewerOf = async (actorRef: string): Promise<Viewer | null> => {
    const cached = viewers.get(actorRef);
    if (cached) return cached;
    const userId = userIdByActor.get(actorRef);
    const viewer = userId ? await loadViewer(ctx.db, userId) : null;
    if (viewer) viewers.set(actorRef, viewer);
    return viewer;
  };

  for (const conclusion of DEMO_CONCLUSIONS) {
    const viewer = await viewerOf(conclusion.actorRef);
    if (!viewer) continue;
    const scope = actorScope(conclusion.actorRef);
    await writeOnce(scope, conclusion.key, () =>
      writeMemory({
        ctx,
        input: {
          writer: agentWriter(viewer),
          scope,
          key: conclusion.key,
          text: conclusion.text,
          threadId: conclusion.threadId,
          runId: conclusion.runId,
        },
      }),
    );
  }

  for (const fact of DEMO_OWN_FACTS) {
    const viewer = await viewerOf(fact.actorRef);
    if (!viewer) continue;
    await writeOnce(viewer.scopes[0]!, fact.key, () =>
      writeMemory({
        ctx,
        input: {
          writer: humanWriter(viewer),
          scope: viewer.scopes[0]!,
          key: fact.key,
          text: fact.text,
        },
      }),
    );
  }

  for (const fact of DEMO_PUBLISHED) {
    const publisher = await viewerOf(DEMO_PUBLISHER_BY_SCOPE[fact.scope] ?? INSTALLER_ACTOR_REF);
    if (!publisher) continue;
    await writeOnce(fact.scope, fact.key, () =>
      writeMemory({
        ctx,
        input: {
          writer: humanWriter(publisher),
          scope: fact.scope,
          key: fact.key,
          text: fact.text,
          pinned: fact.pinned,
          auditAction: 'memory.published',
        },
      }),
    );
  }

  // Published half a year ago and never confirmed: due for review now (demo-data.ts).
  const publishedLongAgo = new Date(now.getTime() - DEMO_DUE_AGE_DAYS * 86_400_000);
  for (const fact of DEMO_DUE_FOR_REVIEW) {
    const publisher = await viewerOf(DEMO_PUBLISHER_BY_SCOPE[fact.scope] ?? INSTALLER_ACTOR_REF);
    if (!publisher) continue;
    await writeOnce(fact.scope, fact.key, () =>
      writeMemory({
        ctx: { ...ctx, now: () => publishedLongAgo },
        input: { writer: humanWriter(publisher), scope: fact.scope, key: fact.key, text: fact.text, auditAction: 'memory.published' },
      }),
    );
  }

  let eventsCreated = 0;
  await markers.once(seedItemKey.diagnostics(), async () => {
    if ((await ctx.db.runtimeEvent.count()) > 0) return;
    const events = syntheticDiagnostics(now);
    await ingestRuntimeEvents({ ctx, input: { events } });
    eventsCreated = events.length;
  });
  return { memoriesCreated, eventsCreated };
}

/** Days of synthetic diagnostics the demo starts with (README "Demo accounts"). */
export const DEMO_DIAGNOSTIC_DAYS = 7;
/** Hamburg's latest dropped pin, this long before seeding: its alert is open on first start. */
export const DEMO_LATEST_DROP_MS = 3 * 60_000;

/**
 * Seven days of plausible turns, hourly per tenant. Hamburg pins more policies than its budget
 * holds, so its busy hours drop pinned entries (the alert the operators must see), the latest a
 * few minutes before `now`.
 */
export function syntheticDiagnostics(now: Date): RuntimeEventInput[] {
  const events: RuntimeEventInput[] = [];
  const hours = DEMO_DIAGNOSTIC_DAYS * 24;
  const start = Math.floor(now.getTime() / 3_600_000) * 3_600_000 - hours * 3_600_000;
  const berlinScopes = resolveScopes({ actorRef: 'u1', tenantRef: 'berlin', memberships: [] });
  const hamburgScopes = resolveScopes({ actorRef: 'h1', tenantRef: 'hamburg', memberships: ['depot:hh'] });
  const hamburgTurn = (at: Date, runId: string, pinnedOmitted: number, hour: number): RuntimeEventInput => ({
    type: 'memory.resolved',
    at,
    tenantRef: 'hamburg',
    runId,
    scopes: hamburgScopes,
    offered: 5,
    omitted: pinnedOmitted > 0 ? 3 : 1,
    pinnedOmitted,
    recalled: hour % 2,
    promptChars: 420 + (hour % 7) * 13,
  });
  for (let hour = 0; hour < hours; hour += 1) {
    const at = new Date(start + hour * 3_600_000 + 7 * 60_000);
    const busy = hour % 24 >= 7 && hour % 24 <= 18;
    const offeredBerlin = 6 + (hour % 5);
    events.push({
      type: 'memory.resolved',
      at,
      tenantRef: 'berlin',
      runId: `run_b${hour}`,
      scopes: berlinScopes,
      offered: offeredBerlin,
      omitted: hour % 3,
      pinnedOmitted: 0,
      recalled: hour % 4,
      promptChars: 180 + offeredBerlin * 41,
    });
    events.push(hamburgTurn(new Date(at.getTime() + 60_000), `run_h${hour}`, busy ? 1 + (hour % 2) : 0, hour));
    if (hour % 6 === 0) {
      events.push({
        type: 'memory.written',
        at: new Date(at.getTime() + 120_000),
        tenantRef: 'berlin',
        scope: actorScope('u1'),
        chars: 34 + (hour % 9),
      });
    }
    if (hour % 8 === 3) {
      events.push({
        type: 'memory.written',
        at: new Date(at.getTime() + 180_000),
        tenantRef: 'hamburg',
        scope: 'depot:hh',
        chars: 51 + (hour % 5),
      });
    }
  }
  events.push(hamburgTurn(new Date(now.getTime() - DEMO_LATEST_DROP_MS), 'run_h_latest', 2, hours));
  return events;
}
