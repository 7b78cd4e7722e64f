import { useState } from 'react';
import { Copy, Link2, Link2Off } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { copyText } from '../share';

export interface ShareLinkPanelProps {
  /** Resolves with the idea's public link (the same one while it lives). */
  onCreate: () => Promise<string>;
  /** Stops the link at once. */
  onRevoke: () => Promise<void>;
}

type State =
  { kind: 'idle' } | { kind: 'busy'; url: string | null } | { kind: 'shown'; url: string };

/**
 * docs/product.md, "Share links": a public read-only page of the idea, made on request and
 * stopped on request. The server remembers no more than the link itself, so asking again
 * shows the live link rather than a second one. A failure is the caller's toast; the panel goes
 * back to where it was.
 */
export function ShareLinkPanel({ onCreate, onRevoke }: ShareLinkPanelProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const url = state.kind === 'idle' ? null : state.url;
  const busy = state.kind === 'busy';

  if (url === null) {
    return (
      <Button
        className="mt-4 w-full aria-disabled:cursor-wait aria-disabled:opacity-50"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setState({ kind: 'busy', url: null });
          onCreate()
            .then((made) => setState({ kind: 'shown', url: made }))
            .catch(() => setState({ kind: 'idle' }));
        }}
      >
        <Link2 aria-hidden className="size-5" /> {busy ? 'Making a link…' : 'Share link'}
      </Button>
    );
  }

  return (
    <section
      aria-label="Share link"
      data-testid="share-link"
      className="mt-4 space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
    >
      <TextField
        label="Public link"
        hint="Anyone with this link can read the idea. Your name and the original recording are not shown."
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => void copyText(url)}>
          <Copy aria-hidden className="size-5" /> Copy link
        </Button>
        <Button
          variant="danger-outline"
          className="aria-disabled:cursor-wait aria-disabled:opacity-50"
          aria-disabled={busy}
          onClick={() => {
            if (busy) return;
            setState({ kind: 'busy', url });
            onRevoke()
              .then(() => setState({ kind: 'idle' }))
              .catch(() => setState({ kind: 'shown', url }));
          }}
        >
          <Link2Off aria-hidden className="size-5" /> {busy ? 'Stopping…' : 'Stop sharing'}
        </Button>
      </div>
    </section>
  );
}
