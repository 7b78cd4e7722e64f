import { useAppVersion } from '../../features/pwa/use-app-version';
import { versionLabel } from '../../lib/app-version';
import { AppShell } from '../app-shell';

export default function AboutRoute() {
  const version = useAppVersion();
  return (
    <AppShell title="About">
      <article className="space-y-4 leading-relaxed">
        <h2 className="text-2xl font-semibold">Voice Ideas</h2>
        <p>
          Voice Ideas turns a spoken thought into something finished. Tap the big button, talk, and
          your words come back as a tweet, a checklist or a pitch, filed under work, personal or
          creative.
        </p>
        <p>
          Name what you want as you start (&ldquo;Checklist personal: ...&rdquo;) or just talk: the
          app listens for the format and category in what you say, and otherwise uses the ones you
          picked in Voice Settings.
        </p>
        <p>
          Every idea can be copied, shared, saved, searched, edited and deleted. Guests can save 10
          ideas a month without an account; Pro makes it unlimited.
        </p>
        {/* The menu's words for the same version: the offline copy's where a worker runs. */}
        <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="about-version">
          Voice Ideas {versionLabel(version)}
        </p>
      </article>
    </AppShell>
  );
}
