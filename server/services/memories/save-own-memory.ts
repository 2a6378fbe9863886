// A person states a fact about themselves: always at their own actor scope, authored by a human.
// Saving a key the assistant concluded replaces the conclusion with the person's statement.
//
// Without a key, the key is derived from the text (`deriveMemoryKey`, the same function the form
// previews). A derived key never replaces a memory the person already holds: by default the save
// is refused with the memory it would have replaced and a free alternative (`KEY_TAKEN`); with
// `onKeyTaken: 'keepBoth'` it is saved under that alternative. Either way the write itself
// requires the key to be free (expected version 0), so a concurrent save cannot be overwritten.
import { actorScope } from '../../domain';
import { deriveMemoryKey, distinctKey } from '../../domain/memory-key';
import type { Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { writeMemory } from './write-memory';
import type { WriteMemoryInput } from './write-memory-in-transaction';
import { humanWriter } from './writer';

export interface SaveOwnMemoryInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>;
  /** Omitted: derived from the text. */
  key?: string;
  text: string;
  expectedVersion?: number;
  /** Only for a derived key: refuse (the default) or save beside the existing memory. */
  onKeyTaken?: 'refuse' | 'keepBoth';
  /** "Forget this on…" (write-memory-in-transaction.ts `expiry`). */
  expiry?: WriteMemoryInput['expiry'];
}

export async function saveOwnMemory({ ctx, input }: ServiceCall<SaveOwnMemoryInput, PrismaClient>) {
  const { viewer } = input;
  const scope = actorScope(viewer.actorRef);
  let key = input.key;
  let expectedVersion = input.expectedVersion;
  if (key === undefined) {
    const derived = deriveMemoryKey(input.text);
    const similar = await ctx.db.agentMemory.findMany({
      where: { scope, key: { startsWith: derived } },
      select: { key: true, text: true, version: true },
    });
    const taken = similar.find((memory) => memory.key === derived);
    const alternative = distinctKey(
      derived,
      similar.map((memory) => memory.key),
    );
    if (taken && input.onKeyTaken !== 'keepBoth') {
      throw new DomainError(
        'CONFLICT',
        `You already have a memory under "${derived}": “${taken.text}”. Update that one, or keep both (the new one as "${alternative}").`,
        { reason: 'KEY_TAKEN', key: derived, alternative, current: { key: derived, text: taken.text, version: taken.version } },
      );
    }
    key = alternative;
    expectedVersion = 0;
  }
  return writeMemory({
    ctx,
    input: {
      writer: humanWriter(viewer),
      scope,
      key,
      text: input.text,
      expectedVersion,
      auditAction: 'memory.saved',
      expiry: input.expiry,
    },
  });
}
