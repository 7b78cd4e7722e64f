import { UpgradePlans } from '../../features/billing/components/upgrade-plans';
import { useCheckoutReturn } from '../../features/billing/hooks/use-checkout-return';
import { useUsage } from '../../features/usage/api/usage';
import { UsageBar } from '../../features/usage/components/usage-bar';
import { useServerConfig } from '../../lib/server-config';
import { useSession } from '../../lib/session';
import { AppShell } from '../app-shell';

const reloadPage = () => window.location.reload();
const leaveFor = (url: string) => window.location.assign(url);

export default function UpgradeRoute() {
  const session = useSession();
  const usage = useUsage();
  const config = useServerConfig();
  const { claim, payment } = useCheckoutReturn(reloadPage, config.data?.billing.enabled);
  return (
    <AppShell title="Upgrade">
      <div className="flex flex-col gap-4">
        {claim === 'claiming' || claim === 'claimed' ? (
          <p role="status" className="rounded-xl bg-teal-50 p-4 dark:bg-teal-950">
            {claim === 'claiming'
              ? 'Signing you in to your Pro account...'
              : 'You are signed in to your Pro account. Refreshing...'}
          </p>
        ) : null}
        {/* Once confirmed, the welcome is the hook's toast alone: said once, not twice. */}
        {payment === 'confirming' || payment === 'late' ? (
          <p
            role="status"
            data-testid="payment-status"
            className="rounded-xl border border-zinc-300 p-4 dark:border-zinc-600"
          >
            {payment === 'confirming'
              ? 'Confirming your payment…'
              : 'Your payment is not confirmed yet. Reload this page in a minute: Pro starts as soon as the payment is confirmed.'}
          </p>
        ) : null}
        <UsageBar usage={usage.data} isError={usage.isError} showUpgrade={false} />
        <UpgradePlans
          config={config.data}
          accountEmail={session.isSignedIn ? (session.me?.email ?? null) : null}
          isPro={session.isPro}
          paymentPending={payment === 'confirming' || payment === 'late'}
          onCheckout={leaveFor}
        />
      </div>
    </AppShell>
  );
}
