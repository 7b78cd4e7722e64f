import { useState } from 'react';
import { Link } from 'wouter';
import {
  BookA,
  Info,
  LogIn,
  LogOut,
  Moon,
  Shield,
  Sparkles,
  Sun,
  User,
  UserPlus,
} from 'lucide-react';
import { Sheet } from '#web/components/ui/sheet';
import { PlainBadge } from '#web/components/ui/badge';
import { routePaths } from '#web/lib/paths';
import {
  CreateAccountDialog,
  ResetPasswordDialog,
  SignInDialog,
  type MenuCredentials,
  type MenuLoginResult,
} from './menu-auth-dialogs';

export interface MenuUserInfo {
  email: string;
  isPro: boolean;
  isSignedIn: boolean;
}

export interface MenuDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: MenuUserInfo;
  /** Shown as is at the foot of the drawer, e.g. v1.0.0. */
  appVersion: string;
  darkMode: boolean;
  onToggleDarkMode: () => void;
  onReopenOnboarding: () => void;
  /** Opens the person's dictionary over the drawer, as the sign-in forms open. */
  onOpenDictionary: () => void;
  /** Each resolves once the server agreed and rejects with its error. */
  onLogin: (credentials: MenuCredentials) => Promise<MenuLoginResult>;
  onRegister: (credentials: MenuCredentials) => Promise<void>;
  onForgotPassword: (email: string) => Promise<void>;
  onLogout: () => void;
}

const itemClass =
  'focus-ring flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-base hover:bg-zinc-100 dark:hover:bg-zinc-800';

export function MenuDrawer({
  open,
  onOpenChange,
  user,
  appVersion,
  darkMode,
  onToggleDarkMode,
  onReopenOnboarding,
  onOpenDictionary,
  onLogin,
  onRegister,
  onForgotPassword,
  onLogout,
}: MenuDrawerProps) {
  // docs/product.md, Menu: each form has its own open state; they open over the drawer.
  const [signInOpen, setSignInOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" placement="side" testId="menu">
      <div className="flex h-full flex-col gap-4">
        {user.isSignedIn ? (
          <Link
            href={routePaths.profile}
            onClick={close}
            className="focus-ring flex items-center gap-3 rounded-2xl border border-zinc-200 p-3 dark:border-zinc-700"
          >
            <User aria-hidden className="size-6 text-zinc-500 dark:text-zinc-400" />
            <div className="min-w-0">
              <p className="truncate font-medium">{user.email}</p>
              <PlainBadge>{user.isPro ? 'Pro' : 'Registered'}</PlainBadge>
            </div>
          </Link>
        ) : (
          <div className="flex items-center gap-3 rounded-2xl border border-zinc-200 p-3 dark:border-zinc-700">
            <User aria-hidden className="size-6 text-zinc-500 dark:text-zinc-400" />
            <div>
              <p className="font-medium">Guest User</p>
              <PlainBadge>Limited Storage</PlainBadge>
            </div>
          </div>
        )}
        <nav aria-label="Menu" className="flex flex-col gap-1">
          {user.isSignedIn ? null : (
            <>
              <button type="button" className={itemClass} onClick={() => setSignInOpen(true)}>
                <LogIn aria-hidden className="size-5" /> Sign In
              </button>
              <button type="button" className={itemClass} onClick={() => setRegisterOpen(true)}>
                <UserPlus aria-hidden className="size-5" /> Create Account
              </button>
            </>
          )}
          <button type="button" className={itemClass} onClick={onOpenDictionary}>
            <BookA aria-hidden className="size-5" /> Dictionary
          </button>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              close();
              onReopenOnboarding();
            }}
          >
            <Sparkles aria-hidden className="size-5" /> What is Voice Ideas?
          </button>
          <Link href={routePaths.about} onClick={close} className={itemClass}>
            <Info aria-hidden className="size-5" /> About
          </Link>
          <button
            type="button"
            role="switch"
            aria-checked={darkMode}
            className={itemClass}
            onClick={onToggleDarkMode}
          >
            {darkMode ? (
              <Moon aria-hidden className="size-5" />
            ) : (
              <Sun aria-hidden className="size-5" />
            )}
            Dark mode
            <span className="ml-auto text-sm text-zinc-600 dark:text-zinc-300">
              {darkMode ? 'On' : 'Off'}
            </span>
          </button>
          <Link href={routePaths.privacy} onClick={close} className={itemClass}>
            <Shield aria-hidden className="size-5" /> Privacy Policy
          </Link>
          {user.isSignedIn ? (
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                close();
                onLogout();
              }}
            >
              <LogOut aria-hidden className="size-5" /> Sign Out
            </button>
          ) : null}
        </nav>
        <p className="mt-auto pb-2 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {appVersion}
        </p>
      </div>
      <SignInDialog
        open={signInOpen}
        onOpenChange={setSignInOpen}
        onLogin={async (credentials) => {
          const result = await onLogin(credentials);
          if (result.signedIn) close();
          return result;
        }}
        onForgotPassword={() => {
          setSignInOpen(false);
          setForgotOpen(true);
        }}
      />
      <CreateAccountDialog
        open={registerOpen}
        onOpenChange={setRegisterOpen}
        onRegister={async (credentials) => {
          await onRegister(credentials);
          close();
        }}
      />
      <ResetPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        onForgotPassword={onForgotPassword}
      />
    </Sheet>
  );
}
