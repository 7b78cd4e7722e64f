import { useEffect, useState } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '#web/lib/storage';

/** docs/product.md, Constants and timings: the signup prompt shows 2 s after the condition holds. */
export const SIGNUP_PROMPT_DELAY_MS = 2000;

/**
 * A guest with exactly one idea who has not seen the prompt gets it after 2 s; closing it, by
 * any way, sets hasSeenSignupPrompt so it never comes back.
 */
export function useSignupPrompt(isGuest: boolean, ideaCount: number | undefined) {
  const [open, setOpen] = useState(false);
  const due = isGuest && ideaCount === 1 && readItem(STORAGE_KEYS.hasSeenSignupPrompt) === null;

  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => setOpen(true), SIGNUP_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);

  const onOpenChange = (next: boolean) => {
    if (!next) writeItem(STORAGE_KEYS.hasSeenSignupPrompt, 'true');
    setOpen(next);
  };
  return { open: open && isGuest, onOpenChange };
}
