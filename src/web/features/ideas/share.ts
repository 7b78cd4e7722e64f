import { suggestedTitle } from '#contract/idea-title';
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

/**
 * Web Share where the device has it, else the clipboard (docs/product.md). The suggested title
 * goes with the text: share targets that have a subject (mail, notes) use it.
 */
export async function shareIdea(content: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: suggestedTitle(content), text: content });
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyText(content);
}
