import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { CATEGORY_LABELS, FORMAT_LABELS } from '#contract/taxonomy';
import { toast } from '#web/components/ui/toast-store';
import { ApiError, describeError } from '#web/lib/api-error';
import { queryKeys } from '#web/lib/query-client';
import { setRecordingActive } from '#web/lib/recording-activity';
import { CaptureError } from '../api/capture-error';
import { haptic } from '../haptics';
import { MIC_ERROR_TOAST_MS, explainMicError } from '../mic-errors';
import { loadPendingQueue } from '../offline/load-queue';
import { isNetworkFailure } from '#web/lib/network-failure';
import type { CaptureDraft, CaptureResult } from '../pipeline';
import { recordingFileName, startRecording, type ActiveRecording } from '../recorder';
import {
  DONE_HOLD_MS,
  nextRecordingState,
  tapIntent,
  type ProcessingStage,
  type RecordingState,
} from '../recording-machine';
import type { SpeechEngine, SpeechSetup } from '../speech-engine';
import type { TypingReason } from '../typing-reason';
import { readVoiceSettings } from '../voice-settings';
import type { SpeechSession } from '../browser-speech';
import type { LiveUpload } from '../offline/live-upload';
import type { RecordingState as ServerRecordingState } from '../offline/follow-recording';
import { readKeepRecordings } from '../keep-recordings';
import { currentServerLanguage, currentSpeechLang } from '../spoken-language';
import type { ImportRefusedError } from '../import-audio';

const loadLiveUpload = () => import('../offline/live-upload');
// Only a recording sent whole (no IndexedDB to upload into as it is made) calls it, after its stop;
// the pipeline that start() preloads imports it too.
const loadCaptureApi = () => import('../api/capture-api');
const loadImport = () => import('../import-audio');

/** How far a long recording's transcription has come: "Transcribing… 3 of 7". */
export interface TranscriptionPieces {
  done: number;
  total: number;
}

/**
 * Refused for what it is, not for the moment (too large, not audio): retrying cannot help, so
 * nothing of it is kept for a retry.
 */
function refusedForGood(error: unknown): boolean {
  if (error instanceof ApiError || error instanceof CaptureError) {
    return error.status === 413 || error.status === 415;
  }
  return (
    error instanceof Error &&
    error.name === 'TranscriptionFailedError' &&
    (error as Error & { code?: string }).code === 'unsupported_media_type'
  );
}

export const loadPipeline = () => import('../pipeline');
const loadBrowserSpeech = () => import('../browser-speech');
const VOICE_COMMAND_TOAST_MS = 3000;

export interface Capture {
  state: RecordingState;
  stage: ProcessingStage | null;
  /** While a long recording is transcribed in pieces: how many are done, of how many. */
  pieces: TranscriptionPieces | null;
  /** The microphone was denied, missing or unsupported: offer typing instead. */
  micUnavailable: boolean;
  /** False when neither the server nor the browser can transcribe: a tap opens typing. */
  voiceAvailable: boolean;
  /** The engine of the recording under way, or of the next one. */
  engine: SpeechEngine | null;
  /**
   * The words heard so far while listening (the browser engine, or the live preview beside a
   * server engine), then the transcript being formatted.
   */
  liveText: string;
  onTap: () => void;
  level: () => number;
  processTypedText: (text: string) => void;
  /** An audio file chosen or dropped: uploaded, transcribed and formatted as a recording is. */
  importAudio: (file: File) => void;
  /**
   * The person has moved on from the result (saved or closed it): the done look ends now, so
   * the bar says what is true next (a monthly limit, say), not a "Done!" about a closed sheet.
   */
  settle: () => void;
}

export function useCapture(
  onResult: (result: CaptureResult) => void,
  onTypeInstead: (reason: TypingReason, draft?: string) => void,
  speech: SpeechSetup,
  /** The words as the model writes them, before the checked result. */
  onDraft: (draft: CaptureDraft) => void = () => undefined,
): Capture {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(nextRecordingState, 'idle');
  const [stage, setStage] = useState<ProcessingStage | null>(null);
  const [pieces, setPieces] = useState<TranscriptionPieces | null>(null);
  const [micUnavailable, setMicUnavailable] = useState(false);
  const [liveText, setLiveText] = useState('');
  const [activeEngine, setActiveEngine] = useState<SpeechEngine | null>(null);
  const recordingRef = useRef<ActiveRecording | null>(null);
  // The upload the recording under way goes into as it is made; null where IndexedDB is missing.
  const liveRef = useRef<LiveUpload | null>(null);
  // The browser engine's session, or the live preview running beside a server recording.
  const sessionRef = useRef<SpeechSession | null>(null);
  const previewRef = useRef<SpeechSession | null>(null);
  const liveTextRef = useRef('');
  // Covers the wait for microphone permission, before the state becomes 'listening'.
  const startingRef = useRef(false);
  const mountedRef = useRef(true);
  const settleTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onResultRef = useRef(onResult);
  const onTypeInsteadRef = useRef(onTypeInstead);
  const onDraftRef = useRef(onDraft);

  useEffect(() => {
    onResultRef.current = onResult;
    onDraftRef.current = onDraft;
    onTypeInsteadRef.current = onTypeInstead;
  });

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      clearTimeout(settleTimerRef.current);
      recordingRef.current?.cancel();
      recordingRef.current = null;
      // What was recorded is kept: the device queue finishes it (ADR 122).
      void liveRef.current?.keepWaiting();
      liveRef.current = null;
      sessionRef.current?.cancel();
      sessionRef.current = null;
      previewRef.current?.cancel();
      previewRef.current = null;
    };
  }, []);

  // An app update waits for the recording under way, its upload and formatting included.
  useEffect(() => {
    setRecordingActive(state === 'listening' || state === 'processing');
  }, [state]);
  useEffect(() => () => setRecordingActive(false), []);

  const browserListens =
    speech.engine === 'browser' || (speech.livePreview && speech.previewAvailable);
  useEffect(() => {
    // Ready before the tap, so the first words are not lost to a module download.
    if (browserListens) void loadBrowserSpeech();
  }, [browserListens]);

  const showLiveText = useCallback((text: string) => {
    liveTextRef.current = text;
    if (mountedRef.current) setLiveText(text);
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      dispatch({ type: 'failed' });
      setStage(null);
      showLiveText('');
      toast({
        title: error instanceof CaptureError ? error.message : describeError(error),
        description: 'Please try again.',
        variant: 'destructive',
      });
    },
    [showLiveText],
  );

  /** A file that cannot become an idea (too large, not audio): said plainly, nothing kept. */
  const refuse = useCallback(
    (refusal: ImportRefusedError) => {
      dispatch({ type: 'failed' });
      setStage(null);
      showLiveText('');
      toast({
        title: refusal.message,
        description: refusal.description,
        variant: 'destructive',
        durationMs: MIC_ERROR_TOAST_MS,
      });
    },
    [showLiveText],
  );

  /**
   * The server could not be reached: what was said is kept on this device and becomes an idea
   * when the connection returns (ADR 060), so nothing is lost to a dead zone.
   */
  const keepOffline = useCallback(
    async (audio: Blob | null, transcript: string | null) => {
      dispatch({ type: 'failed' });
      setStage(null);
      showLiveText('');
      try {
        await (
          await loadPendingQueue()
        ).keepForLater({
          audio,
          transcript,
          ...readVoiceSettings(),
          status: 'waiting',
          error: null,
        });
      } catch (error) {
        fail(error);
        return;
      }
      toast({
        title: 'Saved for later',
        description: 'You are offline. It becomes an idea when you are back online.',
        durationMs: MIC_ERROR_TOAST_MS,
      });
    },
    [fail, showLiveText],
  );

  /** The server refused the audio: it is kept for Retry or Discard on the home screen. */
  const keepRefused = useCallback(async (audio: Blob, error: unknown) => {
    try {
      await (
        await loadPendingQueue()
      ).keepForLater({
        audio,
        transcript: null,
        ...readVoiceSettings(),
        status: 'failed',
        error: error instanceof CaptureError ? error.message : describeError(error),
      });
    } catch (storeError) {
      console.warn('The recording could not be kept for a retry', storeError);
    }
  }, []);

  // The person has just spoken their idea: after a failed transcription they can write it down
  // while they still remember it, instead of only being sent back to the start.
  const failTranscription = useCallback(
    (error: unknown) => {
      dispatch({ type: 'failed' });
      setStage(null);
      showLiveText('');
      toast({
        title: error instanceof CaptureError ? error.message : describeError(error),
        description: 'You can type what you said instead.',
        variant: 'destructive',
        durationMs: MIC_ERROR_TOAST_MS,
        action: {
          label: 'Type instead',
          altText: 'Type what you said instead',
          onClick: () => onTypeInsteadRef.current('transcription-failed'),
        },
      });
    },
    [showLiveText],
  );

  // What the browser heard before it gave up goes into the typed sheet, to correct, not retype.
  const failSpeech = useCallback(
    async (error: unknown) => {
      const draft = liveTextRef.current;
      dispatch({ type: 'failed' });
      setStage(null);
      showLiveText('');
      let explanation;
      try {
        const { explainSpeechFailure } = await loadBrowserSpeech();
        explanation = explainSpeechFailure(error, speech.serverAvailable);
      } catch (loadError) {
        // The recognition code itself could not load (offline, before the app was cached).
        fail(loadError);
        return;
      }
      setMicUnavailable(explanation.micUnavailable);
      toast({
        title: explanation.title,
        description: explanation.description,
        variant: 'destructive',
        durationMs: MIC_ERROR_TOAST_MS,
        action: {
          label: 'Type instead',
          altText: 'Type what you said instead',
          onClick: () => onTypeInsteadRef.current(explanation.typingReason, draft),
        },
      });
    },
    [fail, showLiveText, speech.serverAvailable],
  );

  const finishWithText = useCallback(
    async (transcript: string, recordingId: string | null = null) => {
      setStage('deciding');
      const { formatCapturedText } = await loadPipeline();
      const result = await formatCapturedText(
        transcript,
        readVoiceSettings(),
        (decision) => {
          if (decision.commandDetected) {
            toast({
              title: 'Voice command detected',
              description: `${FORMAT_LABELS[decision.format]} • ${CATEGORY_LABELS[decision.category]}`,
              durationMs: VOICE_COMMAND_TOAST_MS,
            });
          }
          setStage('formatting');
        },
        recordingId,
        (draft) => {
          if (mountedRef.current) onDraftRef.current(draft);
        },
      );
      if (!mountedRef.current) return;
      dispatch({ type: 'succeeded' });
      setStage(null);
      haptic('success');
      // The result opens at once; the button keeps its green done look for its second behind
      // the sheet, instead of holding the finished idea back that long.
      showLiveText('');
      onResultRef.current(result);
      clearTimeout(settleTimerRef.current);
      settleTimerRef.current = setTimeout(() => {
        if (mountedRef.current) dispatch({ type: 'settled' });
      }, DONE_HOLD_MS);
    },
    [showLiveText],
  );

  const explainMicFailure = useCallback((error: unknown) => {
    const explanation = explainMicError(error);
    setMicUnavailable(explanation.offerTyping);
    toast({
      title: explanation.title,
      description: explanation.description,
      variant: 'destructive',
      durationMs: MIC_ERROR_TOAST_MS,
      action: explanation.offerTyping
        ? {
            label: 'Type instead',
            altText: 'Type your idea instead of speaking it',
            onClick: () => onTypeInsteadRef.current('microphone'),
          }
        : undefined,
    });
  }, []);

  /**
   * The browser's words beside a server recording: a preview only, so it never fails the
   * recording; it stops with it and gives way to the server's transcript.
   */
  const startPreview = useCallback(
    async (recording: ActiveRecording) => {
      const stillRecording = () => recordingRef.current === recording;
      try {
        const { listen } = await loadBrowserSpeech();
        const session = await listen({
          lang: currentSpeechLang(),
          onText: (text) => {
            if (stillRecording()) showLiveText(text);
          },
        });
        if (stillRecording()) previewRef.current = session;
        else session.cancel();
      } catch {
        // Without a preview the recording goes on exactly as it would have.
      }
    },
    [showLiveText],
  );

  const finishBrowser = useCallback(
    async (session: SpeechSession) => {
      if (sessionRef.current !== session) return;
      sessionRef.current = null;
      haptic('medium');
      dispatch({ type: 'stopped' });
      setStage('transcribing');
      session.stop();
      let transcript: string;
      try {
        transcript = await session.done;
      } catch (error) {
        await failSpeech(error);
        return;
      }
      showLiveText(transcript);
      try {
        await finishWithText(transcript);
      } catch (error) {
        if (isNetworkFailure(error)) await keepOffline(null, transcript);
        else fail(error);
      }
    },
    [fail, failSpeech, finishWithText, keepOffline, showLiveText],
  );

  const startBrowser = useCallback(async () => {
    let session: SpeechSession;
    try {
      const { listen } = await loadBrowserSpeech();
      session = await listen({ lang: currentSpeechLang(), onText: showLiveText });
    } catch (error) {
      await failSpeech(error);
      return;
    }
    if (!mountedRef.current) {
      session.cancel();
      return;
    }
    sessionRef.current = session;
    setMicUnavailable(false);
    dispatch({ type: 'started' });
    // The service can end by itself (a failure, or silence it will not wait through): that ends
    // the recording as a tap on stop would.
    void session.done.catch(() => {}).finally(() => void finishBrowser(session));
  }, [failSpeech, finishBrowser, showLiveText]);

  const startServer = useCallback(async () => {
    let recording: ActiveRecording;
    // The first second may be ready before the upload's record is: it waits here, in order.
    let live: LiveUpload | null = null;
    const early: Blob[] = [];
    try {
      recording = await startRecording((chunk) => {
        if (live) live.append(chunk);
        else early.push(chunk);
      });
    } catch (error) {
      explainMicFailure(error);
      return;
    }
    if (!mountedRef.current) {
      recording.cancel();
      return;
    }
    recordingRef.current = recording;
    try {
      const { startLiveUpload } = await loadLiveUpload();
      const started = await startLiveUpload({
        mimeType: recording.mimeType,
        ...readVoiceSettings(),
        keepAudio: readKeepRecordings(),
        language: currentServerLanguage(),
      });
      for (const chunk of early.splice(0)) started.append(chunk);
      live = started;
      if (recordingRef.current === recording) liveRef.current = started;
      else void started.keepWaiting();
    } catch (error) {
      // No IndexedDB (a private window, say): the recording is sent whole when it stops.
      console.warn('The recording cannot be kept while it is made', error);
    }
    setMicUnavailable(false);
    dispatch({ type: 'started' });
    if (speech.livePreview && speech.previewAvailable) void startPreview(recording);
  }, [explainMicFailure, speech.livePreview, speech.previewAvailable, startPreview]);

  const start = useCallback(
    async (engine: SpeechEngine) => {
      if (startingRef.current) return;
      startingRef.current = true;
      haptic('light');
      void loadPipeline();
      showLiveText('');
      setActiveEngine(engine);
      try {
        await (engine === 'browser' ? startBrowser() : startServer());
      } finally {
        startingRef.current = false;
      }
    },
    [showLiveText, startBrowser, startServer],
  );

  /** Nothing was refused: the device queue finishes it when the connection allows. */
  const keepLiveOffline = useCallback(
    async (live: LiveUpload) => {
      dispatch({ type: 'failed' });
      setStage(null);
      setPieces(null);
      showLiveText('');
      await live.keepWaiting();
      toast({
        title: 'Saved for later',
        description: 'You are offline. It becomes an idea when you are back online.',
        durationMs: MIC_ERROR_TOAST_MS,
      });
    },
    [showLiveText],
  );

  /**
   * A recording that went to the server as it was made: the last bytes, the server's transcript
   * (its progress shown), then the same decision and formatting as any other. What fails on the
   * way keeps the recording, on the server and on this device, unless it was refused for good.
   */
  const finishLive = useCallback(
    async (
      live: LiveUpload,
      stopSource: () => Promise<unknown>,
      explainRefusal: (error: unknown) => ImportRefusedError | null = () => null,
    ) => {
      let transcript: string;
      try {
        await stopSource();
        const recordingId = await live.finish();
        transcript = await live.transcript(recordingId, (state: ServerRecordingState) => {
          if (mountedRef.current) setPieces(state.pieces);
        });
        setPieces(null);
        showLiveText(transcript);
        try {
          await finishWithText(transcript, recordingId);
          await live.release();
        } catch (error) {
          if (isNetworkFailure(error)) await keepLiveOffline(live);
          else {
            await live.keepFailed(describeError(error));
            fail(error);
          }
        }
      } catch (error) {
        setPieces(null);
        if (isNetworkFailure(error)) {
          await keepLiveOffline(live);
          return;
        }
        if (refusedForGood(error)) await live.drop();
        else await live.keepFailed(describeError(error));
        const refusal = explainRefusal(error);
        if (refusal) {
          refuse(refusal);
          return;
        }
        failTranscription(error);
        if (
          (error instanceof Error &&
            'code' in error &&
            error.code === 'transcription_unavailable') ||
          (error instanceof ApiError && error.status === 503)
        ) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.config });
        }
      }
    },
    [fail, failTranscription, finishWithText, keepLiveOffline, queryClient, refuse, showLiveText],
  );

  const stop = useCallback(async () => {
    if (sessionRef.current) {
      await finishBrowser(sessionRef.current);
      return;
    }
    const recording = recordingRef.current;
    if (!recording) return;
    recordingRef.current = null;
    previewRef.current?.cancel();
    previewRef.current = null;
    haptic('medium');
    dispatch({ type: 'stopped' });
    setStage('transcribing');
    const live = liveRef.current;
    liveRef.current = null;
    if (live) {
      await finishLive(live, () => recording.stop());
      return;
    }
    let transcript: string;
    let audio: Blob | null = null;
    try {
      audio = await recording.stop();
      const { transcribe } = await loadCaptureApi();
      transcript = await transcribe(audio, recordingFileName(audio.type));
    } catch (error) {
      if (audio && isNetworkFailure(error)) {
        await keepOffline(audio, null);
        return;
      }
      if (audio) await keepRefused(audio, error);
      failTranscription(error);
      // 503: the server has no speech-to-text engine now (it restarted with another setup since
      // the page loaded). Asking again lets the next tap use the browser's engine or open the
      // typed sheet, not record for nothing.
      if (error instanceof CaptureError && error.status === 503) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.config });
      }
      return;
    }
    // The server's transcript is the one that counts: it replaces the browser's preview.
    showLiveText(transcript);
    try {
      await finishWithText(transcript);
    } catch (error) {
      if (isNetworkFailure(error)) await keepOffline(audio, transcript);
      else fail(error);
    }
  }, [
    finishLive,
    fail,
    failTranscription,
    finishBrowser,
    finishWithText,
    keepOffline,
    keepRefused,
    queryClient,
    showLiveText,
  ]);

  const onTap = useCallback(() => {
    const intent = tapIntent(state);
    if (intent === 'start') {
      if (speech.engine) void start(speech.engine);
      else onTypeInsteadRef.current('no-transcription');
    } else if (intent === 'stop') void stop();
  }, [speech.engine, start, state, stop]);

  const processTypedText = useCallback(
    (text: string) => {
      if (state !== 'idle') return;
      dispatch({ type: 'started' });
      dispatch({ type: 'stopped' });
      finishWithText(text).catch((error: unknown) => {
        if (isNetworkFailure(error)) void keepOffline(null, text);
        else fail(error);
      });
    },
    [fail, finishWithText, keepOffline, state],
  );

  const importAudio = useCallback(
    (file: File) => {
      if (state !== 'idle' || startingRef.current) return;
      startingRef.current = true;
      void loadPipeline();
      showLiveText('');
      setActiveEngine('server');
      dispatch({ type: 'started' });
      dispatch({ type: 'stopped' });
      setStage('transcribing');
      void (async () => {
        let live: LiveUpload;
        let explain: (error: unknown) => ImportRefusedError | null;
        try {
          const { checkImport, importFileName, notAudio, slicesOf, tooLarge } = await loadImport();
          explain = (error) => {
            if (!refusedForGood(error)) return null;
            return error instanceof ApiError && error.status === 413 ? tooLarge(null) : notAudio();
          };
          await checkImport(file);
          const { startLiveUpload } = await loadLiveUpload();
          live = await startLiveUpload({
            mimeType: file.type,
            fileName: importFileName(file.name),
            ...readVoiceSettings(),
            keepAudio: readKeepRecordings(),
            language: currentServerLanguage(),
          });
          for (const slice of slicesOf(file)) live.append(slice);
        } catch (error) {
          if (error instanceof Error && error.name === 'ImportRefusedError') {
            refuse(error as ImportRefusedError);
          } else fail(error);
          return;
        } finally {
          startingRef.current = false;
        }
        await finishLive(live, () => Promise.resolve(), explain);
      })();
    },
    [fail, finishLive, refuse, showLiveText, state],
  );

  const level = useCallback(() => recordingRef.current?.level() ?? 0, []);

  const settle = useCallback(() => {
    clearTimeout(settleTimerRef.current);
    dispatch({ type: 'settled' });
  }, []);

  return {
    state,
    stage,
    pieces,
    micUnavailable,
    voiceAvailable: speech.engine !== null,
    engine: state === 'idle' ? speech.engine : activeEngine,
    liveText,
    onTap,
    level,
    processTypedText,
    importAudio,
    settle,
  };
}
