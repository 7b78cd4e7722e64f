import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, makeSpeechWav } from './browser';
import { removeSpeechRecognition } from './fake-speech';
import { startStack, type Stack } from './stack';

export interface SpeakingJourney {
  readonly stack: Stack;
  readonly context: BrowserContext;
}

/**
 * One journey file's stack, whose engine hears `spoken`, and browser, whose fake microphone
 * says it; the browser's own speech recognition is taken away, so every recording goes to the
 * server. Started before the file's tests and closed after.
 */
export function useSpeakingJourney(spoken: string): SpeakingJourney {
  let stack: Stack | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    stack = await startStack({ transcript: spoken });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, spoken),
    });
    await removeSpeechRecognition(context);
  });
  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journey has not started yet');
    return value;
  };
  return {
    get stack() {
      return ready(stack);
    },
    get context() {
      return ready(context);
    },
  };
}
