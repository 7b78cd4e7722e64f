import { useState } from 'react';
import type { Idea } from '../../../core/api-schemas';
import { RecentActivity } from '../../features/ideas/components/recent-activity';
import { useRecentIdeas } from '../../features/ideas/api/ideas';
import { useRecentCount } from '../../features/ideas/hooks/use-recent-count';
import { UsageBar } from '../../features/usage/components/usage-bar';
import { useUsage } from '../../features/usage/api/usage';
import { useSession } from '../../lib/session';
import { AppShell } from '../app-shell';

export function HomeRoute() {
  const session = useSession();
  const usage = useUsage();
  const recent = useRecentIdeas(session, session.me !== undefined);
  const visibleCount = useRecentCount();
  const [, setOpenIdea] = useState<Idea | null>(null);

  return (
    <AppShell showSearch>
      <UsageBar usage={usage.data} isError={usage.isError} />
      <RecentActivity
        list={recent.data}
        isLoading={recent.isPending}
        isError={recent.isError}
        visibleCount={visibleCount}
        highlightedId={null}
        onOpen={setOpenIdea}
      />
    </AppShell>
  );
}
