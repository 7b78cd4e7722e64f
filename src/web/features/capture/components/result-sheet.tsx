import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Copy, Save, Undo2 } from 'lucide-react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  FORMATS,
  FORMAT_COLORS,
  FORMAT_LABELS,
  type Category,
  type Format,
} from '#contract/taxonomy';
import { Sheet } from '#web/components/ui/sheet';
import { Button } from '#web/components/ui/button';
import { Choice } from '#web/components/ui/choice';
import { IdeaBody } from '#web/components/ui/idea-body';
import { PlainBadge } from '#web/components/ui/badge';
import { useDeveloperDetails } from '#web/lib/developer-details';
import { routePaths } from '#web/lib/paths';
import {
  overridesSetting,
  rewriteCaptured,
  type CaptureDraft,
  type CaptureResult,
} from '../pipeline';
import { confidenceLabel, detectionSummary } from '#text/detect/detection';

/** The note POST /api/format gives a transcript not in English (docs/api.md). */
const TIDIED_NOTE = /^Written in .+: tidied, not restructured\.$/;

/** What the sheet says when the words could not be written again in the chosen format. */
export const REWRITE_FAILED = 'Could not rewrite it. Please try again.';

export interface ResultSheetProps {
  /**
   * The checked result; null while the model is still writing it, when `draft` holds its words
   * so far.
   */
  result: CaptureResult | null;
  draft?: CaptureDraft | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCopy: () => void;
  onSave: () => void;
  /** The same words written again in the format and category the person picked. */
  onResultChange: (next: CaptureResult) => void;
  saving: boolean;
  quotaExceeded: boolean;
}

/**
 * What the app detected, as docs/product.md words it ('Detected: tweet about work · high
 * confidence'); null when nothing was detected and the selection in Voice Settings applied.
 */
export function detectionLine(decision: CaptureResult['decision']): string | null {
  if (decision.source === 'settings') return null;
  const summary = detectionSummary({
    detectedFormat: decision.format,
    detectedCategory: decision.category,
    confidence: decision.confidence,
    matchedText: '',
  });
  return `${summary} · ${confidenceLabel(decision.confidence)}`;
}

/** docs/product.md, Constants and timings: the formatter path 'llm+fallback' is shown as 'fallback'. */
export function formatterPathLabel(path: string): string {
  return path === 'llm+fallback' ? 'fallback' : path;
}

function pairLabel(choice: { format: Format; category: Category }): string {
  return `${FORMAT_LABELS[choice.format]} • ${CATEGORY_LABELS[choice.category]}`;
}

export function ResultSheet({
  result,
  draft = null,
  open,
  onOpenChange,
  onCopy,
  onSave,
  onResultChange,
  saving,
  quotaExceeded,
}: ResultSheetProps) {
  const captured = result ?? draft;
  const developer = useDeveloperDetails();
  // The choice shown while its rewrite is under way, so the tapped button reads as chosen.
  const [pending, setPending] = useState<{ format: Format; category: Category } | null>(null);
  // The rewrite's words as they are written.
  const [pendingText, setPendingText] = useState('');
  const [failed, setFailed] = useState(false);
  const limitBox = useRef<HTMLDivElement>(null);
  // Save was refused: the box saying why is brought into view above the buttons, not left
  // scrolled out of sight under them.
  useEffect(() => {
    if (quotaExceeded) limitBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [quotaExceeded]);
  if (captured === null) return null;
  const { decision, transcript, selected } = captured;
  const detected = detectionLine(decision);
  const overriding = overridesSetting(captured);
  const shown = pending ?? decision;
  const busy = pending !== null;
  // Until the checked answer is here, the words are the model's, not yet the idea's.
  const writing = result === null;
  const draftText = writing ? draft?.text : busy ? pendingText : '';
  // The rules read English: why a transcript in another language came back tidied but not as
  // a checklist or pitch is told to everyone (docs/product.md, "The spoken language").
  const languageNote = result?.formatted.notes.find((note) => TIDIED_NOTE.test(note));

  // Nothing is disabled while a rewrite runs (a disabled button drops the keyboard focus): a tap
  // meanwhile is ignored instead.
  const rewrite = (choice: { format: Format; category: Category }) => {
    if (busy || result === null) return;
    if (choice.format === decision.format && choice.category === decision.category) return;
    setPending(choice);
    setPendingText('');
    setFailed(false);
    rewriteCaptured(result, choice, setPendingText)
      .then(onResultChange)
      .catch(() => setFailed(true))
      .finally(() => setPending(null));
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Result" testId="result-sheet">
      <div className="space-y-3" data-testid="result-choice">
        <Choice<Format>
          compact
          legend="Format"
          options={FORMATS}
          labels={FORMAT_LABELS}
          colors={FORMAT_COLORS}
          value={shown.format}
          onChange={(format) => rewrite({ format, category: shown.category })}
        />
        <Choice<Category>
          compact
          legend="Category"
          options={CATEGORIES}
          labels={CATEGORY_LABELS}
          value={shown.category}
          onChange={(category) => rewrite({ format: shown.format, category })}
        />
      </div>
      {languageNote ? (
        <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-200" data-testid="language-note">
          {languageNote}
        </p>
      ) : null}
      {developer && result ? (
        <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="developer-details">
          <PlainBadge>
            <span data-testid="developer-badge">
              {formatterPathLabel(result.formatted.path)} · {result.formatted.mode}
            </span>
          </PlainBadge>
          {result.formatted.notes.length > 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              {result.formatted.notes.join(' · ')}
            </p>
          ) : null}
        </div>
      ) : null}
      {detected && overriding ? (
        <div
          data-testid="override-notice"
          className="mt-3 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sky-950 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-50"
        >
          <p data-testid="detection-summary" className="text-sm">
            {detected}
          </p>
          <p className="mt-1 text-sm">
            Your setting is {pairLabel(selected)}; this was written as {pairLabel(decision)}.
          </p>
          <Button
            className="mt-2 w-full"
            onClick={() => rewrite({ format: selected.format, category: selected.category })}
          >
            <Undo2 aria-hidden className="size-5" /> Use {pairLabel(selected)}
          </Button>
        </div>
      ) : detected ? (
        <p
          data-testid="detection-summary"
          className="mt-3 text-sm text-zinc-600 dark:text-zinc-300"
        >
          {detected}
        </p>
      ) : null}
      <div className="mt-4 flex min-h-6 items-center gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">
          Formatted Content
        </h3>
        {writing ? <WritingMark /> : null}
      </div>
      <div aria-busy={busy || writing} aria-live="polite">
        {result === null ? null : busy ? (
          <p role="status" className="mt-2 rounded-xl bg-zinc-50 p-4 text-lg dark:bg-zinc-800">
            Writing it as {pairLabel(shown)}…
          </p>
        ) : (
          <IdeaBody
            content={result.formatted.formatted}
            format={decision.format}
            testId="formatted-content"
            className="mt-2 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-800"
          />
        )}
      </div>
      {/* Words as they are written sit outside the live region: read out at every token, they
          would drown the screen reader. The checked answer, once in, is announced once. */}
      {draftText ? (
        <p
          data-testid="formatted-draft"
          className="mt-2 rounded-xl bg-zinc-50 p-4 text-lg leading-relaxed break-words whitespace-pre-wrap text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
        >
          {draftText}
        </p>
      ) : null}
      {failed ? (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-rose-50 p-3 font-medium text-rose-950 dark:bg-rose-950/60 dark:text-rose-50"
        >
          {REWRITE_FAILED}
        </p>
      ) : null}
      <details className="mt-3 rounded-xl border border-zinc-200 dark:border-zinc-700">
        <summary className="focus-ring flex min-h-11 cursor-pointer list-item items-center rounded-xl px-4 py-2.5 font-medium">
          Original text
        </summary>
        <p className="px-4 pb-4 text-zinc-700 whitespace-pre-wrap dark:text-zinc-200">
          {transcript}
        </p>
      </details>
      {quotaExceeded ? (
        <div
          ref={limitBox}
          role="alert"
          className="mt-3 scroll-mb-24 rounded-xl bg-rose-50 p-4 text-rose-950 dark:bg-rose-950/60 dark:text-rose-50"
        >
          <p className="font-semibold">You have used all your ideas for this month.</p>
          <p className="mt-1 text-sm">Copy this one now, or upgrade to Pro for unlimited ideas.</p>
          <Link
            href={routePaths.upgrade}
            className="focus-ring mt-3 inline-flex min-h-11 items-center rounded-xl bg-rose-700 px-4 font-semibold text-white hover:bg-rose-800"
          >
            Upgrade for unlimited
          </Link>
        </div>
      ) : null}
      {/* -bottom-2 covers the scroll area's own bottom padding, so no words show under the buttons. */}
      <div className="sticky -bottom-2 mt-4 grid grid-cols-2 gap-3 bg-white pt-2 pb-4 dark:bg-zinc-900">
        <Button onClick={onCopy} disabled={writing}>
          <Copy aria-hidden className="size-5" /> Copy
        </Button>
        <Button
          variant="primary"
          onClick={onSave}
          disabled={saving || busy || writing || quotaExceeded}
        >
          <Save aria-hidden className="size-5" /> {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Sheet>
  );
}

/** Says the words below are still being written; it goes when the checked answer is in. */
function WritingMark() {
  return (
    <span
      data-testid="writing-mark"
      className="inline-flex items-center gap-1.5 rounded-full bg-sky-50 px-2 py-0.5 text-sm font-medium text-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
    >
      <span aria-hidden className="size-2 rounded-full bg-sky-600 motion-safe:animate-pulse" />
      Writing…
    </span>
  );
}
