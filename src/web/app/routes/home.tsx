import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Idea } from '#contract/api-schemas';
import { toast } from '../../components/ui/toast-store';
import { useSignupPrompt } from '../../features/account/hooks/use-signup-prompt';
import { BottomBar } from '../../features/capture/components/bottom-bar';
import { useSharedRecording } from '../use-shared-recording';
import { usePendingRecordings } from '../../features/capture/offline/use-pending';
import { useCapture } from '../../features/capture/hooks/use-capture';
import type { CaptureDraft, CaptureResult } from '../../features/capture/pipeline';
import type { TypingReason } from '../../features/capture/typing-reason';
import { useVoiceSettings } from '../../features/capture/voice-settings';
import { useSpeechSetup } from '../../features/capture/speech-engine';
import { useRecentIdeas, useSaveIdea } from '../../features/ideas/api/ideas';
import { RecentActivity as RecentActivityList } from '../../features/ideas/components/recent-activity';
import { useRecentCount } from '../../features/ideas/hooks/use-recent-count';
import { copyIdea } from '../../features/ideas/share';
import { useUsage } from '../../features/usage/api/usage';
import { UsageBar as UsageBarView } from '../../features/usage/components/usage-bar';
import { quotaNote } from '../../features/usage/usage-bar-look';
import { describeError, isQuotaExceeded } from '../../lib/api-error';
import { useServerConfig } from '../../lib/server-config';
import { useSession } from '../../lib/session';
import { takeFirstScreenTap } from '../../shell/first-tap';
import { AppShell } from '../app-shell';
import { readLaunchFacts, recordShortcutHonoured } from '../record-shortcut';
import {
  LazyIdeaSheets,
  LazyPendingList,
  LazyResultSheet,
  LazySignupPrompt,
  LazyTypedIdeaSheet,
  LazyVoiceSettingsSheet,
} from './home-sheets';

// Dragging a file onto the page is for a mouse or a trackpad: a phone never loads it, and a
// desktop loads it after the first screen, off the first screen's script budget.
const PasswordBeforeProofNotice = lazy(
  () => import('../../features/account/components/password-before-proof-notice'),
);
const ImportDropZone = lazy(() => import('../../features/capture/components/import-drop-zone'));
// Only a share from another app opens it (use-shared-recording.ts): off the first screen.
const SharedRecordingPrompt = lazy(
  () => import('../../features/capture/components/shared-recording-prompt'),
);
const CAN_DRAG_FILES =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: fine)').matches;

/*
 * Home re-renders whenever the recorder's state moves (a tap, the live words, the level), and
 * the usage bar and the list are most of its tree: rendered again for each, the first tap on
 * the record button spent most of its answer there (docs/lab-notes/2026-12-first-screen-against-a-floor.md). Their props
 * change only with their own data.
 */
const UsageBar = memo(UsageBarView);
const RecentActivity = memo(RecentActivityList);

/** docs/product.md: a saved idea is highlighted for 1.2 s. */
const HIGHLIGHT_MS = 1200;
const SAVED_TOAST_MS = 2000;

export function HomeRoute() {
  const session = useSession();
  const usage = useUsage();
  const recent = useRecentIdeas(session, session.me !== undefined);
  const visibleCount = useRecentCount();
  const settings = useVoiceSettings();
  const saveIdea = useSaveIdea(session);
  const config = useServerConfig();
  const signupPrompt = useSignupPrompt(
    session.me !== undefined && !session.isSignedIn,
    recent.data?.total,
  );

  const [openIdea, setOpenIdea] = useState<Idea | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [typing, setTyping] = useState<{ reason: TypingReason; draft: string } | null>(null);
  const [result, setResult] = useState<CaptureResult | null>(null);
  // The words as the model writes them, until the checked result replaces them.
  const [draft, setDraft] = useState<CaptureDraft | null>(null);
  // A sheet closed while its idea was being written stays closed when the answer comes.
  const dismissedRef = useRef<CaptureDraft['decision'] | null>(null);
  const [resultOpen, setResultOpen] = useState(false);
  const [quotaExceeded, setQuotaExceeded] = useState(false);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  const showResult = useCallback((next: CaptureResult) => {
    setDraft(null);
    setResult(next);
    setQuotaExceeded(false);
    if (dismissedRef.current !== next.decision) setResultOpen(true);
    dismissedRef.current = null;
  }, []);
  const showDraft = useCallback((next: CaptureDraft) => {
    if (dismissedRef.current === next.decision) return;
    setDraft(next);
    setResult(null);
    setQuotaExceeded(false);
    setResultOpen(true);
  }, []);
  const onResultOpenChange = useCallback(
    (open: boolean) => {
      if (!open && draft !== null) {
        dismissedRef.current = draft.decision;
        setDraft(null);
      }
      setResultOpen(open);
    },
    [draft],
  );
  const openTyping = useCallback(
    (reason: TypingReason, draft = '') => setTyping({ reason, draft }),
    [],
  );
  const speech = useSpeechSetup(config.data);
  const capture = useCapture(showResult, openTyping, speech, showDraft);
  const pending = usePendingRecordings(session);
  useRecordShortcut(capture, !config.isPending, openTyping);
  const shared = useSharedRecording(capture, speech.serverAvailable, !config.isPending);
  const { settle } = capture;
  const closeResult = useCallback(() => {
    setResultOpen(false);
    settle();
  }, [settle]);

  const save = () => {
    if (!result) return;
    saveIdea.mutate(
      {
        content: result.formatted.formatted,
        format: result.decision.format,
        category: result.decision.category,
        transcript: result.transcript,
        recordingId: result.recordingId,
      },
      {
        onSuccess: (saved) => {
          closeResult();
          if (result.recordingId !== null && saved.recordingId === null) {
            // A free account that keeps all the audio it may: the words are saved without it
            // (docs/product.md, "Kept audio").
            toast({
              title: 'Saved without its recording',
              description:
                'Your idea is saved. Your free account, or the free accounts on your network, already keep all the audio they may, so this recording was not kept with it. Upgrade to Pro to keep audio with every idea.',
            });
          } else {
            toast({ title: 'Saved!', variant: 'success', durationMs: SAVED_TOAST_MS });
          }
          setHighlightedId(saved.id);
          clearTimeout(highlightTimer.current);
          highlightTimer.current = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
        },
        onError: (error) => {
          // One upgrade prompt: the sheet's own box says it, beside the idea it is about.
          if (isQuotaExceeded(error)) {
            setQuotaExceeded(true);
          } else {
            toast({
              title: 'Save failed',
              description: describeError(error),
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <AppShell
      showSearch
      bottomBar={
        <BottomBar
          capture={capture}
          settings={settings}
          settingsOpen={settingsOpen}
          onToggleSettings={() => setSettingsOpen((open) => !open)}
          onTypeInstead={() => openTyping('microphone')}
          quotaNote={quotaNote(usage.data)}
          canImport={speech.serverAvailable}
        />
      }
    >
      {session.isSignedIn && session.me?.email ? (
        <Suspense fallback={null}>
          <PasswordBeforeProofNotice email={session.me.email} />
        </Suspense>
      ) : null}
      <UsageBar usage={usage.data} isError={usage.isError} />
      {pending.items.length > 0 ? (
        <Suspense fallback={null}>
          <LazyPendingList
            items={pending.items}
            onRetry={pending.retry}
            onDiscard={pending.discard}
          />
        </Suspense>
      ) : null}
      <RecentActivity
        list={recent.data}
        isLoading={recent.isPending}
        isError={recent.isError}
        visibleCount={visibleCount}
        highlightedId={highlightedId}
        onOpen={setOpenIdea}
        voiceAvailable={capture.voiceAvailable}
      />
      {speech.serverAvailable && CAN_DRAG_FILES ? (
        // Outside the bottom bar: its backdrop blur would hold a fixed overlay inside it.
        <Suspense fallback={null}>
          <ImportDropZone onImport={capture.importAudio} disabled={capture.state !== 'idle'} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {settingsOpen ? (
          <LazyVoiceSettingsSheet
            open
            onOpenChange={setSettingsOpen}
            settings={settings}
            speech={speech}
            writer={config.data?.formatter.engine}
          />
        ) : null}
        {typing ? (
          <LazyTypedIdeaSheet
            open
            reason={typing.reason}
            initialText={typing.draft}
            onOpenChange={(open) => {
              if (!open) setTyping(null);
            }}
            onSubmit={(text) => {
              setTyping(null);
              capture.processTypedText(text);
            }}
          />
        ) : null}
        {(result || draft) && resultOpen ? (
          <LazyResultSheet
            result={result}
            draft={draft}
            open
            onOpenChange={(open) => {
              onResultOpenChange(open);
              if (!open) settle();
            }}
            onCopy={() => {
              if (result) {
                void copyIdea({
                  format: result.decision.format,
                  content: result.formatted.formatted,
                });
              }
            }}
            onSave={save}
            onResultChange={setResult}
            saving={saveIdea.isPending}
            quotaExceeded={quotaExceeded}
          />
        ) : null}
        {shared.file ? (
          <SharedRecordingPrompt
            file={shared.file}
            importing={capture.state !== 'idle'}
            onImport={shared.importNow}
            onDiscard={shared.discard}
          />
        ) : null}
        {signupPrompt.open ? (
          <LazySignupPrompt open onOpenChange={signupPrompt.onOpenChange} />
        ) : null}
        {openIdea ? (
          <LazyIdeaSheets
            key={openIdea.id}
            idea={openIdea}
            session={session}
            onClose={() => setOpenIdea(null)}
          />
        ) : null}
      </Suspense>
    </AppShell>
  );
}

/**
 * The installed app's 'New recording' shortcut opens `/?record=1` (honoured only where its
 * launcher can have opened it: record-shortcut.ts), and a tap on the first
 * screen's record button before the app took over is kept for it (shell/first-tap.ts): recording
 * starts as soon as the app knows how it can listen (or the typed sheet opens, where it cannot),
 * once.
 */
function useRecordShortcut(
  capture: ReturnType<typeof useCapture>,
  configLoaded: boolean,
  openTyping: (reason: TypingReason) => void,
) {
  const handled = useRef(false);
  const { onTap, voiceAvailable, state } = capture;
  useEffect(() => {
    if (handled.current || !configLoaded || state !== 'idle') return;
    const url = new URL(window.location.href);
    const asked = url.searchParams.get('record') === '1';
    const fromShortcut = asked && recordShortcutHonoured(readLaunchFacts());
    if (!takeFirstScreenTap() && !fromShortcut) {
      if (asked) dropRecordParam(url);
      return;
    }
    handled.current = true;
    if (asked) dropRecordParam(url);
    if (voiceAvailable) onTap();
    else openTyping('no-transcription');
  }, [configLoaded, onTap, openTyping, state, voiceAvailable]);
}

function dropRecordParam(url: URL) {
  url.searchParams.delete('record');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
