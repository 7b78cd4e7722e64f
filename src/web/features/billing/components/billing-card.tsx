import { CreditCard } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import { useBillingPortal } from '../api/billing';

/** For Pro only (docs/product.md, Profile): the provider's portal manages or cancels the plan. */
export function BillingCard({ onPortal }: { onPortal: (url: string) => void }) {
  const portal = useBillingPortal();
  return (
    <section
      aria-labelledby="billing-title"
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="billing-title" className="text-lg font-semibold">
        Billing
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        Pro, unlimited ideas. Change your card, see invoices or cancel in the billing portal.
      </p>
      <Button
        variant="primary"
        disabled={portal.isPending}
        onClick={() =>
          portal.mutate(undefined, {
            onSuccess: onPortal,
            onError: (error) =>
              toast({
                title: 'Billing portal unavailable',
                description: describeError(error),
                variant: 'destructive',
              }),
          })
        }
      >
        <CreditCard aria-hidden className="size-5" />
        {portal.isPending ? 'Opening...' : 'Manage Billing'}
      </Button>
    </section>
  );
}
