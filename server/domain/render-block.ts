// The memory block one turn of the assistant reads, as line data for previews and as plain text.
import { byScopeThenKey, scopeOrder } from './ordering';
import type { Override, RenderedBlock, RenderedLine, RenderedOverride, ResolvedEntry, Selection } from './types';

export const BLOCK_OPEN = '<memory>';
export const BLOCK_CLOSE = '</memory>';

export const BLOCK_PREAMBLE =
  'Notes kept about this person and their organisation from earlier conversations. Each line gives ' +
  'the scope a note is held at, its key, and the note itself. A narrower scope outranks a wider one: ' +
  'when another value for the same key is listed underneath a note, the note above it is the one in ' +
  'force, and if it matters, say that the two differ instead of picking one without telling the user.';

// Two framings because scope says whom a fact applies to, not who decided it: calling an
// organisation's published policy "your own guess" would let any user overrule it by saying so.
export const STATED_HEADING =
  'Stated by people. A person wrote each of these on purpose: the user about themselves, or someone ' +
  'who administers their organisation. They carry the weight of instructions. If the user now says ' +
  'something that conflicts with one, point out which note and which scope it conflicts with; do ' +
  'not drop it quietly.';

export const CONCLUDED_HEADING =
  'Concluded by the assistant. These are inferences you drew in earlier turns; nobody reviewed or ' +
  'published them. They may be mistaken or out of date, so what the user tells you now comes first, ' +
  'and when you rely on one, say that it is a note from an earlier conversation.';

// Without this a model treats a partial list as complete and turns a missing note into the false
// claim that the user never said it.
export const PARTIAL_NOTICE =
  'Only part of what is on file is shown here. More notes exist than this list carries, so a topic ' +
  'missing from it proves nothing: never tell the user something was not recorded because it is ' +
  'not in this list.';

function renderOverride({ scope, text, author }: Override): RenderedOverride {
  const holder = author === 'human' ? 'where a person stated' : 'which holds another value';
  return { scope, text, author, line: `↳ instead of [${scope}], ${holder}: ${text}` };
}

function renderEntry(entry: ResolvedEntry): RenderedLine {
  return {
    id: entry.id,
    scope: entry.scope,
    key: entry.key,
    text: entry.text,
    author: entry.author,
    alwaysOn: entry.alwaysOn,
    overrides: entry.overrides.map(renderOverride),
    line: `- [${entry.scope}] ${entry.key}: ${entry.text}`,
  };
}

function section(heading: string, lines: RenderedLine[]): string[] {
  if (lines.length === 0) return [];
  return [heading, ...lines.flatMap((line) => [line.line, ...line.overrides.map((o) => `  ${o.line}`)])];
}

export function renderBlock(selection: Selection): RenderedBlock {
  // Re-sorted here rather than trusted: a block whose order followed its input would change on
  // every write and defeat the provider's prompt cache.
  const ordered = [...selection.entries].sort(byScopeThenKey(scopeOrder(selection.digest.scopes)));
  const lines = ordered.map(renderEntry);
  const stated = lines.filter((line) => line.author === 'human');
  const concluded = lines.filter((line) => line.author === 'agent');
  const { partial } = selection;

  // An empty, complete selection adds nothing to the prompt; an empty partial one still has to
  // say that notes exist.
  if (lines.length === 0 && !partial) return { stated, concluded, partial, text: '' };

  const text = [
    BLOCK_OPEN,
    BLOCK_PREAMBLE,
    ...(partial ? [PARTIAL_NOTICE] : []),
    ...section(STATED_HEADING, stated),
    ...section(CONCLUDED_HEADING, concluded),
    BLOCK_CLOSE,
  ].join('\n');
  return { stated, concluded, partial, text };
}
