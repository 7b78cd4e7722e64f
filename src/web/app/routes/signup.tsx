import { useLocation } from 'wouter';
import { SignupForm } from '../../features/account/components/signup-form';
import { routePaths } from '../../lib/paths';
import { AppShell } from '../app-shell';

export default function SignupRoute() {
  const [, navigate] = useLocation();
  return (
    <AppShell title="Create Account">
      <SignupForm onSignedUp={() => navigate(routePaths.home)} />
    </AppShell>
  );
}
