import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ConfirmSignInLink } from '../../features/account/components/confirm-sign-in-link';
import { LoginForm } from '../../features/account/components/login-form';
import { routePaths } from '../../lib/paths';
import { AppShell } from '../app-shell';

/**
 * The token of a sign-in link the server sent here to be confirmed (`/login#link=<token>`,
 * docs/api.md, Identity): in the fragment, so it never reaches a server log or a Referer.
 */
function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('link');
  return token === null || token === '' ? null : token;
}

export default function LoginRoute() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [linkToken, setLinkToken] = useState(() =>
    typeof window === 'undefined' ? null : linkTokenOf(window.location.hash),
  );
  const [linkUnusable, setLinkUnusable] = useState(false);

  if (linkToken !== null) {
    return (
      <AppShell title="Sign In">
        <ConfirmSignInLink
          token={linkToken}
          onSignedIn={() => navigate(routePaths.home, { replace: true })}
          onUnusable={() => {
            setLinkToken(null);
            setLinkUnusable(true);
            navigate(routePaths.login, { replace: true });
          }}
          onCancel={() => navigate(routePaths.home, { replace: true })}
        />
      </AppShell>
    );
  }
  return (
    <AppShell title="Sign In">
      <LoginForm
        linkFailed={linkUnusable || new URLSearchParams(search).get('error') === 'link'}
        onSignedIn={() => navigate(routePaths.home)}
      />
    </AppShell>
  );
}
