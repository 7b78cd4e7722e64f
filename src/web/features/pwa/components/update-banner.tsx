import { RefreshCw } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { useDelayedPresence } from '../hooks/use-delayed-presence';
import { dismissUpdate, restartApp, useUpdateAvailable } from '../update-store';
import { Banner } from './banner';

/** docs/product.md, Constants and timings: the update banner shows after 300 ms, leaves in 200 ms. */
export const UPDATE_BANNER_SHOW_MS = 300;
export const UPDATE_BANNER_HIDE_MS = 200;

/** docs/product.md, Update flow: a new version waits; the person chooses when to restart. */
export function UpdateBanner() {
  const available = useUpdateAvailable();
  const { mounted, visible } = useDelayedPresence(
    available,
    UPDATE_BANNER_SHOW_MS,
    UPDATE_BANNER_HIDE_MS,
  );
  if (!mounted) return null;
  return (
    <Banner
      title="Update Available"
      testId="update-banner"
      visible={visible}
      hideMs={UPDATE_BANNER_HIDE_MS}
      closeLabel="Close update notice"
      onClose={dismissUpdate}
      icon={<RefreshCw aria-hidden className="size-5" />}
    >
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
        A new version of the product is ready. Restart to get the latest features and improvements.
      </p>
      <div className="mt-3 flex gap-2">
        <Button variant="primary" onClick={restartApp}>
          Restart App
        </Button>
        <Button variant="ghost" onClick={dismissUpdate}>
          Later
        </Button>
      </div>
    </Banner>
  );
}
