import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, SignedIn } from '#contract/api-schemas';
import { apiFetch, apiRequest, apiSend, readResponse, throwIfNotOk } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { applySignedIn, applySignedOut } from '#web/lib/session';

export interface Credentials {
  email: string;
  password: string;
}

/** A sign-in either opens a session, or (no password) has a one-time link e-mailed. */
export type LogInOutcome =
  { kind: 'signedIn'; me: SignedIn } | { kind: 'linkSent'; message: string };

/**
 * docs/api.md, Identity: with a password the answer is the account (200); with an empty one the
 * server e-mails a sign-in link and answers 202 with a message, the same whether or not the
 * account exists.
 */
export async function logIn(credentials: Credentials): Promise<LogInOutcome> {
  const response = await apiFetch('POST', apiPaths.login, { body: credentials });
  await throwIfNotOk(response);
  if (response.status === 202) {
    const { message } = await readResponse('MessageSchema', response, apiPaths.login);
    return { kind: 'linkSent', message };
  }
  return { kind: 'signedIn', me: await readResponse('SignedInSchema', response, apiPaths.login) };
}

export function register(credentials: Credentials): Promise<SignedIn> {
  return apiRequest('SignedInSchema', 'POST', apiPaths.register, { body: credentials });
}

/**
 * What to tell a person whose sign-in left guest ideas behind: those that did not fit the free
 * account (this month's past its limit, or audio past what it keeps) stay on this device as
 * guest ideas (docs/product.md, "Guest ideas at sign-in"). Null when every guest idea moved.
 */
export function guestIdeasKeptNotice(kept: number): { title: string; description: string } | null {
  if (kept <= 0) return null;
  const ideas = kept === 1 ? '1 guest idea' : `${kept} guest ideas`;
  return {
    title: `${ideas} stayed on this device`,
    description:
      'They did not fit your free account (its free ideas for this month are used up, or it keeps all the audio it may), so they were not moved in. They are kept here as guest ideas: sign out to see them, or upgrade to Pro and sign in again to move them.',
  };
}

export function logOut(): Promise<void> {
  return apiSend('POST', apiPaths.logout);
}

/** The answer's words are not read: the toast says the same whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<void> {
  return apiSend('POST', apiPaths.forgotPassword, { body: { email } });
}

export function resetPassword(token: string, newPassword: string): Promise<Me> {
  return apiRequest('MeSchema', 'POST', apiPaths.resetPassword, { body: { token, newPassword } });
}

/**
 * docs/api.md, Identity: a sign-in link that reached the confirm page is exchanged here, by the
 * app's own same-origin POST, once the person has confirmed. This browser's guest ideas move in.
 */
export function confirmSignInLink(token: string): Promise<SignedIn> {
  return apiRequest('SignedInSchema', 'POST', apiPaths.signInLink, { body: { token } });
}

/** The e-mail of the account a sign-in link opens, without using the link. */
export async function signInLinkAccount(token: string): Promise<string> {
  const account = await apiRequest('SignInLinkAccountSchema', 'POST', apiPaths.signInLinkAccount, {
    body: { token },
  });
  return account.email;
}

export function deleteAccount(password: string): Promise<void> {
  return apiSend('DELETE', apiPaths.account, { body: { password } });
}

/** Sign-in, with the caches switched to the account when a session was opened. */
export function useLogIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (outcome) => {
      if (outcome.kind === 'signedIn') applySignedIn(client, outcome.me);
    },
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (me) => applySignedIn(client, me),
  });
}

/**
 * Only a sign-out the server confirmed turns the browser into a guest: were the session still
 * alive on the server, the next reload would quietly sign the person back in.
 */
export function useLogOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => applySignedOut(client),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      resetPassword(token, newPassword),
    onSuccess: (me) => applySignedIn(client, me),
  });
}

export function useConfirmSignInLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmSignInLink,
    onSuccess: (me) => applySignedIn(client, me),
  });
}

/**
 * The e-mail of the account a reset link sets a password for, without using it; the reset page
 * names it, so a link someone else sent is seen to be theirs. Off without a token.
 */
export function useResetLinkAccount(token: string | null) {
  return useQuery({
    queryKey: ['reset-link-account', token],
    queryFn: async () =>
      (
        await apiRequest('SignInLinkAccountSchema', 'POST', apiPaths.resetLinkAccount, {
          body: { token },
        })
      ).email,
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export function useSignInLinkAccount(token: string) {
  return useQuery({
    queryKey: ['sign-in-link-account', token],
    queryFn: () => signInLinkAccount(token),
    retry: false,
    staleTime: Infinity,
  });
}

const passwordBeforeProofKey = (email: string) => ['password-before-proof', email] as const;

/**
 * Whether the account's password was set before its e-mail was proved, and what the account held
 * by then (see the notice); keyed by the account, so a sign-in to another one without a reload
 * asks again.
 */
export function usePasswordBeforeProof(email: string) {
  return useQuery({
    queryKey: passwordBeforeProofKey(email),
    queryFn: () => apiRequest('PasswordBeforeProofSchema', 'GET', apiPaths.passwordBeforeProof),
    staleTime: Infinity,
  });
}

const ANSWERED = {
  passwordSetBeforeProof: false,
  ideasBeforeProof: 0,
  dictionaryEntriesBeforeProof: 0,
};

export function useKeepPasswordBeforeProof(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('POST', apiPaths.passwordBeforeProof),
    onSuccess: () => client.setQueryData(passwordBeforeProofKey(email), ANSWERED),
  });
}

/** The person says the password was not theirs: it goes, with what was written before. */
export function useNotMyPassword(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('NotMyPasswordSchema', 'POST', apiPaths.notMyPassword),
    onSuccess: async () => {
      client.setQueryData(passwordBeforeProofKey(email), ANSWERED);
      // Ideas, counts and the dictionary all changed under every screen that shows them.
      await client.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== passwordBeforeProofKey(email)[0],
      });
    },
  });
}

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => applySignedOut(client),
  });
}
