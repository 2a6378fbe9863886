// What the production build the consoles serve (.next/) says about its browser chunks, for the
// first-load JavaScript budget (e2e/first-load-js.spec.ts, docs/benchmarks.md "First-load
// JavaScript"): which chunks are the framework's own floor, which client modules a chunk holds (to
// name it in a failure), and text that gives a library away inside a minified chunk.
//
// The floor is what Next.js loads for an application without a single client component of its
// own: the bootstrap it lists as `rootMainFiles` in build-manifest.json (React DOM, Next's runtime
// and router, Turbopack's loader) and the entry chunks of its built-in global-error page, which hold
// the router's segment components (layout-router and the like) that every page renders. Next builds
// that page from its own files alone, so those chunks hold nothing of the project's — provided the
// project has no app/global-error.tsx of its own, which is checked here.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD = path.join(ROOT, '.next');
const BUILT_IN_GLOBAL_ERROR = '/_global-error/page';
const NEXT_OWN = '[project]/node_modules/next/';

/** One client component as a page's client-reference manifest lists it. */
interface ClientModule {
  id: number | string;
  /** Every chunk the browser needs before it can run this module, as URL paths. */
  chunks: string[];
}

interface ClientReferenceManifest {
  clientModules: Record<string, ClientModule>;
  /** The chunks of each layout and page entry, relative to .next/. */
  entryJSFiles: Record<string, string[]>;
}

function filesNamed(folder: string, name: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === name)
    .map((file) => path.join(folder, file));
}

/** Every page's client-reference manifest: a script that assigns it to `globalThis.__RSC_MANIFEST`. */
function clientReferenceManifests(): Map<string, ClientReferenceManifest> {
  const sandbox: { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
  vm.createContext(sandbox);
  for (const file of filesNamed(path.join(BUILD, 'server', 'app'), 'page_client-reference-manifest.js')) {
    vm.runInContext(readFileSync(file, 'utf8'), sandbox);
  }
  return new Map(Object.entries(sandbox.__RSC_MANIFEST ?? {}));
}

const asUrl = (file: string) => `/_next/${file.replace(/^\/?_next\//, '')}`;
/** "[project]/components/x.tsx <module evaluation>" → "components/x.tsx". */
const sourceOf = (key: string) => key.replace(/^\[project\]\//, '').replace(/ <[^>]*>$/, '');

export interface BuildChunks {
  /** URL paths of the framework's own chunks. */
  floor: ReadonlySet<string>;
  /** "defines components/x.tsx, …" or "libraries for components/y.tsx, …": the project's client modules in a chunk, or those that need it. */
  describe(chunkUrl: string): string;
}

export function readBuildChunks(): BuildChunks {
  const buildManifest = JSON.parse(readFileSync(path.join(BUILD, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const manifests = clientReferenceManifests();
  const globalError = manifests.get(BUILT_IN_GLOBAL_ERROR);
  const globalErrorEntries = Object.entries(globalError?.entryJSFiles ?? {});
  if (globalErrorEntries.length === 0 || globalErrorEntries.some(([entry]) => !entry.startsWith(NEXT_OWN))) {
    throw new Error(
      `The floor is read from Next's built-in global-error page (${BUILT_IN_GLOBAL_ERROR}), but the build has ` +
        `${globalErrorEntries.map(([entry]) => entry).join(', ') || 'no such page'}: see e2e/support/build-chunks.ts.`,
    );
  }
  const floor = new Set([...buildManifest.rootMainFiles, ...globalErrorEntries.flatMap(([, files]) => files)].map(asUrl));

  // The project's own client modules (not a library's), each with the chunks it needs.
  const projectModules = new Map<string, ClientModule>();
  for (const manifest of manifests.values()) {
    for (const [key, module] of Object.entries(manifest.clientModules)) {
      if (!key.includes('/node_modules/')) projectModules.set(sourceOf(key), module);
    }
  }
  const chunkText = new Map<string, string>();
  const textOf = (chunkUrl: string) => {
    let text = chunkText.get(chunkUrl);
    if (text === undefined) {
      text = readFileSync(path.join(BUILD, chunkUrl.replace(/^\/_next\//, '')), 'utf8');
      chunkText.set(chunkUrl, text);
    }
    return text;
  };
  return {
    floor,
    describe(chunkUrl) {
      const needing = [...projectModules].filter(([, module]) => module.chunks.includes(chunkUrl));
      // A Turbopack chunk lists its modules as `…,<id>,(e,t,r)=>{…}` or `…,<id>,e=>{…}`.
      const defined = needing.filter(([, module]) => new RegExp(`[,\\[]${module.id},(?:\\([\\w$,]*\\)|[\\w$]+)=>`).test(textOf(chunkUrl)));
      const names = (list: typeof needing) => {
        const shown = list.slice(0, 3).map(([source]) => source);
        return list.length > 3 ? `${shown.join(', ')} and ${list.length - 3} more` : shown.join(', ');
      };
      if (defined.length > 0) return `defines ${names(defined)}`;
      if (needing.length > 0) return `libraries for ${names(needing)}`;
      return 'no client component of the project';
    },
  };
}

/** A library whose browser code a page must not load, and a string only that code carries. */
export interface LibrarySignature {
  name: string;
  /** Survives minification: a string literal or property name of the library's browser code. */
  text: string;
  /** The library's entry, resolved from the project: its folder must hold `text`, or the signature no longer fits. */
  file: string;
}

export const NEXT_AUTH_CLIENT: LibrarySignature = {
  name: "next-auth's client (next-auth/react)",
  text: 'NEXTAUTH_URL_INTERNAL',
  file: 'next-auth/react',
};
export const TRPC_CLIENT: LibrarySignature = { name: 'the tRPC client', text: 'TRPCClientError', file: '@trpc/client' };
export const TANSTACK_QUERY: LibrarySignature = {
  name: 'TanStack Query',
  text: 'No QueryClient set, use QueryClientProvider to set one',
  file: '@tanstack/react-query',
};

const require = createRequire(path.join(ROOT, 'package.json'));

/** Whether the library's installed files still carry the signature (searched in the entry file and the files next to it). */
export function signatureFits(signature: LibrarySignature): boolean {
  const entry = require.resolve(signature.file);
  const folder = path.dirname(entry);
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(c|m)?js$/.test(file))
    .some((file) => readFileSync(path.join(folder, file), 'utf8').includes(signature.text));
}
