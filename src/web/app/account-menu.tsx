import { lazy, Suspense, useState } from 'react';
import { toast } from '../components/ui/toast-store';
import { describeError } from '../lib/api-error';
import {
  guestIdeasKeptNotice,
  useLogIn,
  useLogOut,
  useRegister,
  useRequestPasswordReset,
} from '../features/account/api/account';
import { MenuDrawer } from '../features/menu/components/menu-drawer';
import { useAppVersion } from '../features/pwa/use-app-version';
import { versionLabel } from '../lib/app-version';
import { reopenOnboarding } from '../features/onboarding/onboarding-store';
import { useSession } from '../lib/session';
import { setDarkMode, useDarkMode } from '../lib/theme';

// The dictionary's screen loads on its first open, as every sheet does.
export const loadDictionarySheet = () =>
  import('../features/dictionary/components/dictionary-sheet').then((m) => ({
    default: m.DictionarySheet,
  }));
const DictionarySheet = lazy(loadDictionarySheet);

function tellGuestIdeasKept(kept: number): void {
  const notice = guestIdeasKeptNotice(kept);
  if (notice !== null) toast({ ...notice, durationMs: 12_000 });
}

/**
 * The menu drawer with the account's sign-in, sign-up, reset and sign-out wired in: loaded on
 * the first open (or when idle) with the drawer, so none of it weighs on the first screen.
 */
export function AccountMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const session = useSession();
  const darkMode = useDarkMode();
  const appVersion = useAppVersion();
  const logIn = useLogIn();
  const register = useRegister();
  const logOut = useLogOut();
  const forgotPassword = useRequestPasswordReset();
  const [dictionaryOpen, setDictionaryOpen] = useState(false);
  return (
    <>
      <MenuDrawer
        open={open}
        onOpenChange={onOpenChange}
        user={{
          email: session.me?.email ?? '',
          isPro: session.isPro,
          isSignedIn: session.isSignedIn,
        }}
        appVersion={versionLabel(appVersion)}
        darkMode={darkMode}
        onToggleDarkMode={() => setDarkMode(!darkMode)}
        onReopenOnboarding={reopenOnboarding}
        onOpenDictionary={() => setDictionaryOpen(true)}
        onLogin={async (credentials) => {
          const outcome = await logIn.mutateAsync(credentials);
          if (outcome.kind === 'signedIn') tellGuestIdeasKept(outcome.me.guestIdeasKept);
          return outcome.kind === 'signedIn'
            ? { signedIn: true }
            : { signedIn: false, message: outcome.message };
        }}
        onRegister={async (credentials) => {
          tellGuestIdeasKept((await register.mutateAsync(credentials)).guestIdeasKept);
        }}
        onForgotPassword={(email) => forgotPassword.mutateAsync(email)}
        // The drawer (and this component) closes as Sign Out is tapped, so the toasts hang on the
        // call's promise rather than on callbacks of an unmounted observer.
        onLogout={() => {
          logOut.mutateAsync().then(
            () => toast({ title: 'Signed out', durationMs: 3000 }),
            (error: unknown) =>
              toast({
                title: 'Sign Out Failed',
                description: describeError(error),
                variant: 'destructive',
              }),
          );
        }}
      />
      {dictionaryOpen ? (
        // Over the drawer, as its sign-in forms open: closing it goes back to the menu.
        <Suspense fallback={null}>
          <DictionarySheet open onOpenChange={setDictionaryOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
