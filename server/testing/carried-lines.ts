import type { RenderedBlock } from '../domain';

/** The entries a preview of the next turn carries, as its block lists them: people's, then the assistant's. */
export function carriedLines(preview: { block: RenderedBlock }) {
  return [...preview.block.stated, ...preview.block.concluded];
}
