import { Link } from 'wouter';
import { Copy, Save } from 'lucide-react';
import { Sheet } from '#web/components/ui/sheet';
import { Button } from '#web/components/ui/button';
import { CategoryBadge, FormatBadge, PlainBadge } from '#web/components/ui/badge';
import { routePaths } from '#web/lib/paths';
import type { CaptureResult } from '../pipeline';
import { confidenceLabel, detectionSummary } from '#text/detect/detection';

export interface ResultSheetProps {
  result: CaptureResult;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCopy: () => void;
  onSave: () => void;
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

export function ResultSheet({
  result,
  open,
  onOpenChange,
  onCopy,
  onSave,
  saving,
  quotaExceeded,
}: ResultSheetProps) {
  const { decision, formatted, transcript } = result;
  const detected = detectionLine(decision);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Result" testId="result-sheet">
      <div className="flex flex-wrap items-center gap-2">
        <FormatBadge format={decision.format} />
        <CategoryBadge category={decision.category} />
        <PlainBadge>
          <span data-testid="developer-badge">
            {formatterPathLabel(formatted.path)} · {formatted.mode}
          </span>
        </PlainBadge>
      </div>
      {detected ? (
        <p
          data-testid="detection-summary"
          className="mt-2 text-sm text-zinc-600 dark:text-zinc-300"
        >
          {detected}
        </p>
      ) : null}
      {formatted.notes.length > 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          {formatted.notes.join(' · ')}
        </p>
      ) : null}
      <h3 className="mt-4 text-sm font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">
        Formatted Content
      </h3>
      <p
        data-testid="formatted-content"
        className="mt-2 rounded-xl bg-zinc-50 p-4 text-lg leading-relaxed break-words whitespace-pre-wrap select-text dark:bg-zinc-800"
      >
        {formatted.formatted}
      </p>
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
          role="alert"
          className="mt-3 rounded-xl bg-rose-50 p-4 text-rose-950 dark:bg-rose-950/60 dark:text-rose-50"
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
      <div className="sticky bottom-0 mt-4 grid grid-cols-2 gap-3 bg-white py-2 dark:bg-zinc-900">
        <Button onClick={onCopy}>
          <Copy aria-hidden className="size-5" /> Copy
        </Button>
        <Button variant="primary" onClick={onSave} disabled={saving || quotaExceeded}>
          <Save aria-hidden className="size-5" /> {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Sheet>
  );
}
