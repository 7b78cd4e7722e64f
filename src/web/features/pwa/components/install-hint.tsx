import { useEffect, useState } from 'react';
import { Share } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { STORAGE_KEYS, writeItem } from '#web/lib/storage';
import { useDelayedPresence } from '../hooks/use-delayed-presence';
import {
  INSTALL_HINT_HIDE_MS,
  INSTALL_HINT_POLL_MS,
  INSTALL_HINT_SHOW_MS,
  installHintWanted,
  readBrowserFacts,
  type BrowserFacts,
} from '../install-hint-rules';
import { Banner } from './banner';

/** Once per page load at most (docs/product.md: "the hint has not already been shown"). */
let shownThisLoad = false;

export interface InstallHintProps {
  /** Tests pass a device; the app reads the real one. */
  readFacts?: () => BrowserFacts;
}

/**
 * docs/product.md, Install hint. Polled, because its conditions change without an event this
 * component could hear: onboarding is completed in another component, the flag set elsewhere.
 */
export function InstallHint({ readFacts = readBrowserFacts }: InstallHintProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (shownThisLoad) return;
    const check = () => {
      if (shownThisLoad || !installHintWanted(readFacts())) return;
      shownThisLoad = true;
      setOpen(true);
    };
    check();
    const timer = setInterval(check, INSTALL_HINT_POLL_MS);
    return () => clearInterval(timer);
  }, [readFacts]);
  const { mounted, visible } = useDelayedPresence(open, INSTALL_HINT_SHOW_MS, INSTALL_HINT_HIDE_MS);
  if (!mounted) return null;

  const dismiss = () => {
    writeItem(STORAGE_KEYS.hideInstallHint, 'true');
    setOpen(false);
  };
  return (
    <Banner
      title="Install Voice Ideas"
      testId="install-hint"
      visible={visible}
      hideMs={INSTALL_HINT_HIDE_MS}
      closeLabel="Close install hint"
      onClose={dismiss}
      icon={<Share aria-hidden className="size-5" />}
    >
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
        Add to your home screen: Share → Add to Home Screen
      </p>
      <div className="mt-3">
        <Button variant="ghost" className="-ml-4" onClick={dismiss}>
          Don&apos;t show again
        </Button>
      </div>
    </Banner>
  );
}
