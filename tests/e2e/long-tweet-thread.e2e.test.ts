import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, makeSpeechWav, shoot } from './support/browser';
import { removeSpeechRecognition } from './support/fake-speech';
import { recordSpeech, skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

/**
 * A tweet spoken at length is kept whole and offered as a numbered thread (docs/product.md,
 * Threads): the result sheet and the idea's sheet show its posts, copy gives them a blank line
 * apart, share gives the first post with the rest after it.
 */

const SENTENCES = [
  'We moved the weekly planning meeting to Monday mornings and it changed how the whole team works.',
  'People come in with their priorities already written down, so the meeting takes twenty minutes instead of an hour.',
  'The designers say they finally get uninterrupted afternoons for deep work, and the engineers ship more on Fridays.',
  'If your team dreads planning, try writing the agenda the Friday before and keep the meeting short.',
  'We will check in a month whether it still works.',
  'Next quarter we might try the same idea for the monthly review, if the numbers hold up.',
];
const THOUGHT = SENTENCES.join(' ');
const SPOKEN = `Tweet work: ${THOUGHT}`;

/** The first two sentences fill a post of 280 with its numbering: a third would not fit. */
const FIRST_POST = `${SENTENCES[0]} ${SENTENCES[1]} 1/3`;

/** The words the app copied or shared, read back from the page. */
type Sent = { copied: string; shared: { title?: string; text?: string } | null };

async function sent(page: Page): Promise<Sent> {
  return page.evaluate(async () => ({
    copied: await navigator.clipboard.readText(),
    shared: (window as unknown as { shared: Sent['shared'] }).shared,
  }));
}

describe('a long spoken tweet becomes a thread', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The writer keeps all that was said, as its instructions now ask of a longer thought.
    stack = await startStack({ transcript: SPOKEN, chatReply: THOUGHT });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, SPOKEN),
    });
    await removeSpeechRecognition(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.baseUrl,
    });
    // The device's share sheet, as a phone has one: what the app gives it is kept to be read.
    await context.addInitScript(() => {
      (window as unknown as { shared: unknown }).shared = null;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          (window as unknown as { shared: unknown }).shared = data;
          return Promise.resolve();
        },
      });
    });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('shows the result as numbered posts of at most 280 characters, and copies them', async () => {
    await recordSpeech(page);
    const result = page.getByRole('dialog', { name: 'Result' });
    const content = result.getByTestId('formatted-content');
    await content.getByTestId('thread-count').waitFor({ timeout: 60_000 });
    expect(await content.getByTestId('thread-count').textContent()).toBe('Thread of 3 posts');
    const posts = content.getByTestId('thread-post');
    expect(await posts.count()).toBe(3);
    await shoot(page, 'thread-result-sheet');
    await expectAccessible(page, 'result sheet with a thread', { targetScope: result });

    await result.getByRole('button', { name: 'Copy', exact: true }).click();
    await toast(page, 'Copied to clipboard').waitFor();
    const { copied } = await sent(page);
    const copiedPosts = copied.split('\n\n');
    expect(copiedPosts).toHaveLength(3);
    expect(copiedPosts[0]).toBe(FIRST_POST);
    copiedPosts.forEach((post, index) => {
      expect(Array.from(post).length).toBeLessThanOrEqual(280);
      expect(post.endsWith(` ${index + 1}/3`)).toBe(true);
    });
    // Every word said, in order, and no other.
    expect(copiedPosts.map((post) => post.replace(/ \d\/3$/, '')).join(' ')).toBe(THOUGHT);

    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
  });

  it("shows the saved idea's thread and shares its first post with the rest after it", async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Result' }).waitFor({ state: 'detached' });
    await page.getByTestId('idea-card').first().getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Idea' });
    await detail.getByTestId('thread-count').waitFor();
    expect(await detail.getByTestId('thread-post').count()).toBe(3);
    await shoot(page, 'thread-idea-sheet');
    await detail.getByTestId('thread-post').last().scrollIntoViewIfNeeded();
    await shoot(page, 'thread-idea-sheet-last-post');
    await expectAccessible(page, 'idea sheet with a thread', { targetScope: detail });

    await detail.getByRole('button', { name: 'Copy', exact: true }).click();
    const { copied } = await sent(page);
    await detail.getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { shared: unknown }).shared !== null);
    const { shared } = await sent(page);
    expect(shared?.text).toBe(copied);
    expect(shared?.text?.startsWith(`${FIRST_POST}\n\n`)).toBe(true);
  });
});
