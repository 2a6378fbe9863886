// A wrong address. Signed in, the page keeps the console's header so the way back is where it
// always is; signed out, it stands alone and points to the sign-in page.
import { shellViewer } from '@/components/shell/shell-viewer';
import { LazyConsoleShell } from '@/components/shell/lazy-console-shell';
import { getViewer } from '@/server/auth/session';

function Explanation({ href, action }: { href: string; action: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600 dark:text-slate-400">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      {/* A plain link, not next/link: this page's code is part of every page's first load
          (lazy-console-shell.tsx), and leaving a wrong address may well load a whole page. */}
      <a href={href} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
        {action}
      </a>
    </div>
  );
}

export default async function NotFound() {
  const viewer = await getViewer();
  if (viewer) {
    return (
      <LazyConsoleShell viewer={shellViewer(viewer)}>
        <div className="py-12">
          <Explanation href="/memories" action="Go to my memories" />
        </div>
      </LazyConsoleShell>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-8">
      <Explanation href="/signin" action="Sign in" />
    </main>
  );
}
