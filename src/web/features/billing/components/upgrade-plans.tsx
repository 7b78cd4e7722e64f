import { useState, type FormEvent } from 'react';
import { Check, CreditCard } from 'lucide-react';
import type { AppConfig } from '#contract/api-schemas';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import { isBillingUnavailable, useCheckout } from '../api/billing';

export interface UpgradePlansProps {
  /** What the server said it can do; undefined while loading. */
  config: AppConfig | undefined;
  /** A signed-in person pays under their account's e-mail; a guest types one. */
  accountEmail: string | null;
  isPro: boolean;
  /**
   * Back from a paid checkout whose payment is not confirmed yet: no second checkout is offered,
   * or a person waiting on the first could pay twice.
   */
  paymentPending?: boolean;
  /** Leaves for the hosted checkout. */
  onCheckout: (url: string) => void;
}

const WHY_PRO = [
  'Unlimited ideas, every month',
  'Never lose a thought to the monthly limit',
  'Everything in Free: search, edit, export and share',
  'Cancel any time from the billing portal',
] as const;

function PlanCard({
  name,
  price,
  features,
  current,
}: {
  name: string;
  price: string;
  features: readonly string[];
  current: boolean;
}) {
  return (
    <section
      aria-label={`${name} plan`}
      className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{name}</h2>
        {current ? (
          <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
            Current plan
          </span>
        ) : null}
      </div>
      <p className="text-2xl font-bold">{price}</p>
      <ul className="flex flex-col gap-1 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check
              aria-hidden
              className="size-4 shrink-0 translate-y-0.5 text-teal-700 dark:text-teal-300"
            />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UpgradePlans({
  config,
  accountEmail,
  isPro,
  paymentPending = false,
  onCheckout,
}: UpgradePlansProps) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const checkout = useCheckout();
  const billingOff = config?.billing.enabled === false || unavailable;
  const freeLimit = config?.freeMonthlyLimit;
  const price = config?.billing.priceMonthly;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payer = (accountEmail ?? email).trim();
    if (payer === '') {
      setEmailError('Please enter your email address to continue.');
      return;
    }
    checkout.mutate(payer, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'alreadyPro') {
          toast({
            title: 'Already a Pro User!',
            description: 'This account already has unlimited ideas.',
            durationMs: 3000,
          });
          return;
        }
        onCheckout(outcome.url);
      },
      onError: (error) => {
        if (isBillingUnavailable(error)) {
          setUnavailable(true);
          return;
        }
        toast({
          title: 'Upgrade Failed',
          description: describeError(error),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <PlanCard
          name="Free"
          price="$0"
          current={!isPro}
          features={[
            freeLimit === undefined
              ? 'A monthly allowance of ideas'
              : `${freeLimit} ideas per month`,
            'Search, edit and share',
          ]}
        />
        <PlanCard
          name="Pro"
          price={price === undefined ? 'Pro' : `$${price}/month`}
          current={isPro}
          features={['Unlimited ideas', 'Billing portal to manage or cancel']}
        />
      </div>

      {isPro ? (
        <p role="status" className="rounded-xl bg-teal-50 p-4 dark:bg-teal-950">
          You are on Pro: your ideas are unlimited.
        </p>
      ) : billingOff ? (
        <p role="status" className="rounded-xl border border-zinc-300 p-4 dark:border-zinc-600">
          Upgrading to Pro is not available yet. Your free plan keeps working as before.
        </p>
      ) : paymentPending ? null : (
        <form noValidate className="flex flex-col gap-3" onSubmit={submit}>
          {accountEmail === null ? (
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              hint="Your Pro account is made with this address."
              error={emailError}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(null);
              }}
            />
          ) : null}
          <Button
            type="submit"
            variant="primary"
            disabled={checkout.isPending || config === undefined}
          >
            <CreditCard aria-hidden className="size-5" />
            {checkout.isPending ? 'Opening checkout...' : 'Upgrade to Pro'}
          </Button>
        </form>
      )}

      <section
        aria-labelledby="why-pro"
        className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      >
        <h2 id="why-pro" className="mb-2 text-lg font-semibold">
          Why Pro?
        </h2>
        <ul className="flex flex-col gap-2">
          {WHY_PRO.map((reason) => (
            <li key={reason} className="flex gap-2">
              <Check aria-hidden className="size-5 shrink-0 text-teal-700 dark:text-teal-300" />
              {reason}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
