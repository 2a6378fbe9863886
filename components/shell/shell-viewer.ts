// What the console's frame shows of the person signed in (components/shell/console-shell.tsx). Its
// own file, without the frame's components: the root not-found page reads it, and anything that
// page imports is part of every page's first load (components/shell/lazy-console-shell.tsx).
import type { Viewer } from '@/server/auth/viewer';

/** The person's grants decide which sections the header lists (server/auth/sections.ts `canOpen`). */
export type ShellViewer = Pick<Viewer, 'name' | 'email' | 'grants'> & { tenant: Pick<Viewer['tenant'], 'name'> };

/** Only what the frame shows: handed to the browser (the signed-in 404), the rest of a viewer would go along. */
export function shellViewer(viewer: ShellViewer): ShellViewer {
  return {
    name: viewer.name,
    email: viewer.email,
    grants: viewer.grants.map(({ scope, role }) => ({ scope, role })),
    tenant: { name: viewer.tenant.name },
  };
}
