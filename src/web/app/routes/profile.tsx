import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { User, UserX } from 'lucide-react';
import { PlainBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { DeleteAccountDialog } from '../../features/account/components/delete-account-dialog';
import { BillingCard } from '../../features/billing/components/billing-card';
import { ClearIdeas, ExportIdeas } from '../../features/ideas/components/idea-data-controls';
import { useUsage } from '../../features/usage/api/usage';
import { UsageBar } from '../../features/usage/components/usage-bar';
import { routePaths } from '../../lib/paths';
import { useServerConfig } from '../../lib/server-config';
import { useSession } from '../../lib/session';
import { AppShell } from '../app-shell';

const leaveFor = (url: string) => window.location.assign(url);
const cardClass =
  'flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900';
const linkClass =
  'focus-ring inline-flex min-h-11 items-center justify-center rounded-xl px-4 font-medium';

export default function ProfileRoute() {
  const session = useSession();
  const usage = useUsage();
  const config = useServerConfig();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);

  return (
    <AppShell title="Profile">
      <div className="flex flex-col gap-4">
        <section aria-labelledby="profile-account" className={cardClass}>
          <h2 id="profile-account" className="text-lg font-semibold">
            Account
          </h2>
          <div className="flex items-center gap-3">
            <User aria-hidden className="size-8 shrink-0 text-zinc-500 dark:text-zinc-400" />
            <div className="min-w-0">
              <p className="truncate font-semibold">
                {session.isSignedIn ? session.me?.email : 'Guest User'}
              </p>
              <PlainBadge>
                {session.isSignedIn ? (session.isPro ? 'Pro' : 'Registered') : 'Limited Storage'}
              </PlainBadge>
            </div>
          </div>
          <UsageBar usage={usage.data} isError={usage.isError} />
          {session.isSignedIn || session.me === undefined ? null : (
            <div className="grid grid-cols-2 gap-3">
              <Link
                href={routePaths.signup}
                className={`${linkClass} bg-zinc-900 text-white dark:bg-zinc-50 dark:text-zinc-900`}
              >
                Create Account
              </Link>
              <Link
                href={routePaths.login}
                className={`${linkClass} border border-zinc-300 dark:border-zinc-600`}
              >
                Sign In
              </Link>
            </div>
          )}
        </section>

        {session.isPro ? <BillingCard onPortal={leaveFor} /> : null}

        <section aria-labelledby="your-data" className={cardClass}>
          <h2 id="your-data" className="text-lg font-semibold">
            Your data
          </h2>
          <ExportIdeas session={session} />
        </section>

        {/* Quiet on purpose: what cannot be undone is there when wanted, never the loudest
            thing on the page. */}
        <section aria-labelledby="danger-zone" className={cardClass}>
          <h2 id="danger-zone" className="text-lg font-semibold">
            Danger Zone
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            These cannot be undone. Export your ideas first if you want to keep them.
          </p>
          <ClearIdeas session={session} freeMonthlyLimit={config.data?.freeMonthlyLimit} />
          {session.isSignedIn ? (
            <Button variant="danger-outline" onClick={() => setDeleting(true)}>
              <UserX aria-hidden className="size-4" />
              Delete Account
            </Button>
          ) : null}
        </section>
      </div>
      {/* Stays mounted once the account is gone, so its success callback still runs. */}
      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => {
          setDeleting(false);
          toast({ title: 'Account deleted', durationMs: 3000 });
          navigate(routePaths.home);
        }}
      />
    </AppShell>
  );
}
