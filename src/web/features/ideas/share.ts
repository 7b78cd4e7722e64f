import { suggestedTitle } from '#contract/idea-title';
import type { Format } from '#contract/taxonomy';
import { sharedText } from '#contract/thread';
import { toast } from '../../components/ui/toast-store';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', variant: 'success', durationMs: 2000 });
    return true;
  } catch {
    toast({
      title: 'Copy failed',
      description: 'Your browser blocked the clipboard. Select the text and copy it instead.',
      variant: 'destructive',
    });
    return false;
  }
}

/** What an idea's copy and share give: its content, a tweet over 280 as its thread. */
export interface SharedIdea {
  format: Format;
  content: string;
}

/** An idea copied: a long tweet as its posts, a blank line between them (docs/product.md, Threads). */
export function copyIdea(idea: SharedIdea): Promise<boolean> {
  return copyText(sharedText(idea.format, idea.content));
}

/**
 * Web Share where the device has it, else the clipboard (docs/product.md). The suggested title
 * goes with the text: share targets that have a subject (mail, notes) use it. A long tweet's
 * text is its first post with the rest after it, so a target that posts it starts the thread.
 */
export async function shareIdea(idea: SharedIdea): Promise<void> {
  const text = sharedText(idea.format, idea.content);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: suggestedTitle(idea.content), text });
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyText(text);
}
