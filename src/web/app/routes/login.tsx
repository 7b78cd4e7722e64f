import { useLocation, useSearch } from 'wouter';
import { LoginForm } from '../../features/account/components/login-form';
import { routePaths } from '../../lib/paths';
import { AppShell } from '../app-shell';

export default function LoginRoute() {
  const [, navigate] = useLocation();
  const search = useSearch();
  return (
    <AppShell title="Sign In">
      <LoginForm
        linkFailed={new URLSearchParams(search).get('error') === 'link'}
        onSignedIn={() => navigate(routePaths.home)}
      />
    </AppShell>
  );
}
