import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { expectAccessible } from './support/a11y';
import { menuCardText } from './support/accounts';
import { launchBrowser, shoot } from './support/browser';
import { seedGuestIdeas, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

/** Another site, as the browser sees it: a webmail page, or a hostile one. */
const ELSEWHERE = 'http://elsewhere.example/';

function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no ${prefix} link in the mail:\n${text}`);
  return match[0];
}

describe('sign-in links opened from another site', () => {
  let inbox: SmtpInbox;
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  let pageElsewhere = '';

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startStack({ smtpUrl: inbox.url });
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await page.route(`${ELSEWHERE}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: pageElsewhere }),
    );
    await page.goto(`${stack.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('hasSeenOnboarding', 'true'));
    await page.reload();
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
    await inbox?.close();
  });

  /** Registers an account from outside the browser, and e-mails it a sign-in link. */
  async function accountWithLink(email: string): Promise<string> {
    const call = (path: string, body: object) =>
      fetch(`${stack.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await call('/api/register', { email, password: 'a long password 1' })).status).toBe(
      201,
    );
    expect((await call('/api/login', { email, password: '' })).status).toBe(202);
    return linkIn(
      (await inbox.waitForMessage(email)).text,
      `${stack.baseUrl}/api/auth/magic?token=`,
    );
  }

  /** The person follows `link` from a page on another site. */
  async function followFromElsewhere(link: string, words: string) {
    pageElsewhere = `<!doctype html><title>Elsewhere</title><a href="${link}">${words}</a>`;
    await page.goto(ELSEWHERE);
    await page.getByRole('link', { name: words }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The token stays out of every address a server sees.
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
  }

  async function signedInEmail(): Promise<string> {
    return page.evaluate(async () => {
      const me = (await (await fetch('/api/me')).json()) as { email: string };
      return me.email;
    });
  }

  it("does not sign the browser in to an attacker's account a page sent it to", async () => {
    const attackersLink = await accountWithLink('attacker@example.com');
    await followFromElsewhere(attackersLink, 'Claim your prize');
    await page.getByRole('heading', { name: 'Finish signing in' }).waitFor();
    // The page names whose account it is before anyone taps Sign In.
    await page.getByText('This link signs in to attacker@example.com.').waitFor();
    expect(await signedInEmail()).toBe('');
    await page.getByRole('button', { name: 'Not Now' }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(await signedInEmail()).toBe('');
  });

  it('signs the person in after they confirm, bringing this browser’s guest idea', async () => {
    expect(
      await seedGuestIdeas(page, [
        { content: 'Ask the bakery about Sunday opening', format: 'tweet', category: 'personal' },
      ]),
    ).toEqual([201]);
    const ownLink = await accountWithLink('person@example.com');
    await followFromElsewhere(ownLink, 'Sign in to Voice Ideas');
    await page.getByRole('heading', { name: 'Finish signing in' }).waitFor();
    await page.getByText('This link signs in to person@example.com.').waitFor();
    await shoot(page, 'sign-in-link-confirm-01');
    await expectAccessible(page, '/login#link= (confirm)');
    expect(await signedInEmail()).toBe('');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Signed in as person@example.com').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByTestId('idea-card').filter({ hasText: 'Ask the bakery' }).waitFor();
    // Registered with a password before this first link: the owner is asked whether it was them.
    await page.getByRole('heading', { name: 'Did you set this account’s password?' }).waitFor();
    await shoot(page, 'sign-in-link-confirm-03-password-before-proof');
    await expectAccessible(page, '/ (password set before the e-mail was proved)');
    // "It Wasn't Me" says what it would remove before anything goes.
    await page.getByRole('button', { name: 'It Wasn’t Me' }).click();
    await page.getByText('This removes the password').waitFor();
    await shoot(page, 'sign-in-link-confirm-04-not-my-password');
    await expectAccessible(page, '/ (removing a password set before the proof)');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'It Was Me' }).click();
    await page.getByTestId('password-before-proof').waitFor({ state: 'detached' });
    expect(await menuCardText(page)).toContain('person@example.com');

    // Used once: confirming it again says so and offers a new link.
    await followFromElsewhere(ownLink, 'Sign in again');
    await page.getByText('expired or was already used').waitFor();
    await shoot(page, 'sign-in-link-confirm-02-used');
  });
});
