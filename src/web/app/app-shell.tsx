import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ArrowLeft, Menu, Mic, Search } from 'lucide-react';
import { IconButton } from '../components/ui/icon-button';
import { routePaths } from '../lib/paths';

// Dialog code stays out of the first download; it loads on the first open (or when idle).
export const loadMenuDrawer = () =>
  import('./account-menu').then((m) => ({ default: m.AccountMenu }));
const MenuDrawer = lazy(loadMenuDrawer);

export interface AppShellProps {
  /** A sub-page title shows a back button instead of the logo. */
  title?: string;
  showSearch?: boolean;
  bottomBar?: ReactNode;
  children: ReactNode;
}

export function AppShell({ title, showSearch = false, bottomBar, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [, navigate] = useLocation();

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-zinc-50/90 pt-[env(safe-area-inset-top)] backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
        <div className="mx-auto flex h-14 w-full max-w-[560px] items-center gap-1 px-2">
          {title ? (
            <>
              <IconButton
                label="Back"
                onClick={() => (history.length > 1 ? history.back() : navigate(routePaths.home))}
              >
                <ArrowLeft aria-hidden className="size-6" />
              </IconButton>
              <h1 className="truncate text-lg font-semibold">{title}</h1>
            </>
          ) : (
            <Link
              href={routePaths.home}
              className="focus-ring flex min-h-11 items-center gap-2 rounded-xl px-2"
            >
              <span className="flex size-8 items-center justify-center rounded-full bg-red-500 text-white">
                <Mic aria-hidden className="size-4.5" />
              </span>
              <span className="text-lg font-semibold">Voice Ideas</span>
            </Link>
          )}
          <div className="ml-auto flex items-center">
            {showSearch ? (
              <IconButton label="Search ideas" onClick={() => navigate(routePaths.search)}>
                <Search aria-hidden className="size-6" />
              </IconButton>
            ) : null}
            <IconButton label="Open menu" onClick={() => setMenuOpen(true)}>
              <Menu aria-hidden className="size-6" />
            </IconButton>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-[560px] flex-1 px-4 pt-4 pb-6">{children}</main>
      {bottomBar}
      {menuOpen ? (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
