import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Lightbulb, ListChecks, Mic, MessageCircle, ShieldCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/components/ui/cn';
import { onboardingShellShown, removeOnboardingShell } from '#web/shell/first-screen';

export interface OnboardingOverlayProps {
  open: boolean;
  onComplete: () => void;
  onSkip: () => void;
  /** When given, 'I'm Ready to Start' leads to sign-up instead of completing (docs/product.md). */
  onSignup?: () => void;
  /**
   * What this install does with the person's voice (its server's engine, the browser's, or
   * typing only), once the server's setup is known; until then only that the microphone will
   * be asked for, which holds for every install that records.
   */
  privacyNote?: string;
}

const PRIVACY_UNKNOWN = "We'll ask for microphone access when you first record.";

const tips = [
  {
    icon: Mic,
    title: 'Name a format and a category',
    text: "Start with a format plus a category, like 'Tweet work: ...'",
  },
  {
    icon: ListChecks,
    title: 'Be specific for checklists',
    text: 'Say each step or item, and the checklist writes itself.',
  },
  {
    icon: Lightbulb,
    title: 'Pitches: problem and value',
    text: 'Say what problem it solves and why it matters.',
  },
];

const OVERLAY_CLASS = 'fixed inset-0 z-[60] bg-zinc-950/60';
const CONTENT_CLASS =
  'fixed inset-x-3 top-1/2 z-[60] mx-auto max-h-[94dvh] max-w-[480px] -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 text-zinc-900 shadow-2xl outline-none dark:bg-zinc-900 dark:text-zinc-50';
const TITLE_CLASS = 'text-center text-2xl font-semibold';
const DESCRIPTION_CLASS = 'mt-1 text-center text-zinc-600 dark:text-zinc-300';
const TITLE = 'Welcome to Voice Ideas';
const DESCRIPTION = 'Tap the button, talk, and get a tweet, checklist or pitch.';

function Emblem() {
  return (
    <div className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-red-500 text-white">
      <Mic aria-hidden className="size-7" />
    </div>
  );
}

function Tips({ privacyNote = PRIVACY_UNKNOWN }: { privacyNote?: string }) {
  return (
    <>
      <ul className="mt-5 space-y-3">
        {tips.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
            <div>
              <p className="font-medium">{title}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-300">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex gap-3 rounded-2xl bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
        <MessageCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p className="text-sm">
          <span className="font-semibold">Pro Tip: </span>
          Speak naturally, as if explaining to a friend. The AI works best with conversational
          speech.
        </p>
      </div>
      <div className="mt-3 flex gap-3 rounded-2xl bg-zinc-100 p-3 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p className="text-sm" data-testid="onboarding-privacy">
          {privacyNote}
        </p>
      </div>
    </>
  );
}

function Actions({ onReady, onSkip }: { onReady?: () => void; onSkip?: () => void }) {
  return (
    <div className="mt-6 flex flex-col gap-2">
      <Button variant="primary" onClick={onReady}>
        I&apos;m Ready to Start
      </Button>
      <Button variant="ghost" onClick={onSkip}>
        Skip for now
      </Button>
    </div>
  );
}

export function OnboardingOverlay({
  open,
  onComplete,
  onSkip,
  onSignup,
  privacyNote,
}: OnboardingOverlayProps) {
  // Taking over from the build-time dialog already on screen, it must not fade in a second time.
  const [appear] = useState(() => !onboardingShellShown());
  useLayoutEffect(removeOnboardingShell, []);
  const contentRef = useRef<HTMLDivElement>(null);
  // Radix focuses the first button as the dialog mounts, in the task that commits it: looking for
  // it reads every candidate's computed style, which forces the style of the whole new page to be
  // computed there, one of the longest tasks after the first paint. Taking over from the
  // build-time dialog, the focus moves in a task of its own after the next frame, which computes
  // that style anyway; until then focus is on the page's body, as it has been since the first
  // paint (ADR 061).
  const deferFocus = !appear;
  // The build-time dialog could only say that the microphone will be asked for. Its successor
  // paints the same words first and then, in the same paragraph, this install's own: a new,
  // larger paragraph in the commit would make the browser take that late paint, not the first,
  // as when the page's main content appeared (its largest contentful paint).
  const [noteSettled, setNoteSettled] = useState(appear);
  useEffect(() => {
    if (!deferFocus) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setNoteSettled(true);
        const content = contentRef.current;
        if (!content || content.contains(document.activeElement)) return;
        content.querySelector<HTMLElement>('button')?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [deferFocus]);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onSkip();
      }}
    >
      {/* No portal: Radix's portal renders nothing until a layout effect has run, then renders
          the whole dialog again in a blocking task. In place, the dialog renders once, with the
          app (a transition React splits into short tasks); it is fixed and above the app, and
          the app is the root of the page, so it looks and behaves the same. */}
      <Dialog.Overlay className={cn(appear && 'fade-in-100', OVERLAY_CLASS)} />
      <Dialog.Content
        ref={contentRef}
        data-testid="onboarding"
        className={cn(appear && 'fade-in-100', CONTENT_CLASS)}
        onOpenAutoFocus={deferFocus ? (event) => event.preventDefault() : undefined}
      >
        <Emblem />
        <Dialog.Title className={TITLE_CLASS}>{TITLE}</Dialog.Title>
        <Dialog.Description className={DESCRIPTION_CLASS}>{DESCRIPTION}</Dialog.Description>
        <Tips privacyNote={noteSettled ? privacyNote : undefined} />
        <Actions onReady={onSignup ?? onComplete} onSkip={onSkip} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * The same dialog drawn into index.html at build time (prerender.tsx), for a first visit to paint
 * before the app's code has loaded; it is inert until the real dialog replaces it.
 * It does not fade in: it is part of the first paint, with no screen before it to fade over (and
 * browsers do not count text painted at opacity 0 as the page's main content).
 */
export function OnboardingShell() {
  return (
    <>
      <div className={OVERLAY_CLASS} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-shell-title"
        aria-describedby="onboarding-shell-description"
        className={CONTENT_CLASS}
      >
        <Emblem />
        <h2 id="onboarding-shell-title" className={TITLE_CLASS}>
          {TITLE}
        </h2>
        <p id="onboarding-shell-description" className={DESCRIPTION_CLASS}>
          {DESCRIPTION}
        </p>
        <Tips />
        <Actions />
      </div>
    </>
  );
}
