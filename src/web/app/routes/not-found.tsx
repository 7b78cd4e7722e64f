import { Link } from 'wouter';
import { AppShell } from '../app-shell';
import { routePaths } from '../../lib/paths';

export default function NotFoundRoute() {
  return (
    <AppShell title="Page Not Found">
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-5xl font-bold text-zinc-500 dark:text-zinc-400">404</p>
        <h2 className="text-2xl font-semibold">Page Not Found</h2>
        <p className="text-zinc-600 dark:text-zinc-300">
          This page does not exist. Your ideas are safe at home.
        </p>
        <Link
          href={routePaths.home}
          className="focus-ring inline-flex min-h-11 items-center rounded-xl bg-zinc-900 px-5 font-medium text-white dark:bg-zinc-50 dark:text-zinc-900"
        >
          Go home
        </Link>
      </div>
    </AppShell>
  );
}
