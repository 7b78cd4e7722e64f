import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { routePaths } from '../../lib/paths';
import { AppShell } from '../app-shell';

export default function ResetPasswordRoute() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const token = new URLSearchParams(search).get('token');
  const goHome = useCallback(() => navigate(routePaths.home), [navigate]);
  return (
    <AppShell title="Reset Password">
      <ResetPasswordForm token={token === '' ? null : token} onDone={goHome} />
    </AppShell>
  );
}
