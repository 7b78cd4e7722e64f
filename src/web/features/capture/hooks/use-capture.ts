import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { CATEGORY_LABELS, FORMAT_LABELS } from '../../../../core/taxonomy';
import { toast } from '../../../components/ui/toast-store';
import { describeError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-client';
import { CaptureError, transcribe } from '../api/capture-api';
import { haptic } from '../haptics';
import { MIC_ERROR_TOAST_MS, explainMicError } from '../mic-errors';
import type { CaptureResult } from '../pipeline';
import { recordingFileName, startRecording, type ActiveRecording } from '../recorder';
import {
  DONE_HOLD_MS,
  nextRecordingState,
  tapIntent,
  type ProcessingStage,
  type RecordingState,
} from '../recording-machine';
import type { TypingReason } from '../typing-reason';
import { readVoiceSettings } from '../voice-settings';

export const loadPipeline = () => import('../pipeline');
const VOICE_COMMAND_TOAST_MS = 3000;

export interface Capture {
  state: RecordingState;
  stage: ProcessingStage | null;
  /** The microphone was denied, missing or unsupported: offer typing instead. */
  micUnavailable: boolean;
  /** False when the server has no speech-to-text engine: a tap opens the typed-idea sheet. */
  voiceAvailable: boolean;
  onTap: () => void;
  level: () => number;
  processTypedText: (text: string) => void;
}

export function useCapture(
  onResult: (result: CaptureResult) => void,
  onTypeInstead: (reason: TypingReason) => void,
  voiceAvailable: boolean,
): Capture {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(nextRecordingState, 'idle');
  const [stage, setStage] = useState<ProcessingStage | null>(null);
  const [micUnavailable, setMicUnavailable] = useState(false);
  const recordingRef = useRef<ActiveRecording | null>(null);
  // Covers the wait for microphone permission, before the state becomes 'listening'.
  const startingRef = useRef(false);
  const mountedRef = useRef(true);
  const onResultRef = useRef(onResult);
  const onTypeInsteadRef = useRef(onTypeInstead);

  useEffect(() => {
    onResultRef.current = onResult;
    onTypeInsteadRef.current = onTypeInstead;
  });

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      recordingRef.current?.cancel();
      recordingRef.current = null;
    };
  }, []);

  const fail = useCallback((error: unknown) => {
    dispatch({ type: 'failed' });
    setStage(null);
    toast({
      title: error instanceof CaptureError ? error.message : describeError(error),
      description: 'Please try again.',
      variant: 'destructive',
    });
  }, []);

  // The person has just spoken their idea: after a failed transcription they can write it down
  // while they still remember it, instead of only being sent back to the start.
  const failTranscription = useCallback((error: unknown) => {
    dispatch({ type: 'failed' });
    setStage(null);
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
  }, []);

  const finishWithText = useCallback(async (transcript: string) => {
    setStage('deciding');
    const { formatCapturedText } = await loadPipeline();
    const result = await formatCapturedText(transcript, readVoiceSettings(), (decision) => {
      if (decision.commandDetected) {
        toast({
          title: 'Voice command detected',
          description: `${FORMAT_LABELS[decision.format]} • ${CATEGORY_LABELS[decision.category]}`,
          durationMs: VOICE_COMMAND_TOAST_MS,
        });
      }
      setStage('formatting');
    });
    if (!mountedRef.current) return;
    dispatch({ type: 'succeeded' });
    setStage(null);
    haptic('success');
    setTimeout(() => {
      if (!mountedRef.current) return;
      dispatch({ type: 'settled' });
      onResultRef.current(result);
    }, DONE_HOLD_MS);
  }, []);

  const start = useCallback(async () => {
    if (startingRef.current) return;
    startingRef.current = true;
    haptic('light');
    void loadPipeline();
    try {
      const recording = await startRecording();
      if (!mountedRef.current) {
        recording.cancel();
        return;
      }
      recordingRef.current = recording;
      setMicUnavailable(false);
      dispatch({ type: 'started' });
    } catch (error) {
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
    } finally {
      startingRef.current = false;
    }
  }, []);

  const stop = useCallback(async () => {
    const recording = recordingRef.current;
    if (!recording) return;
    recordingRef.current = null;
    haptic('medium');
    dispatch({ type: 'stopped' });
    setStage('transcribing');
    let transcript: string;
    try {
      const audio = await recording.stop();
      transcript = await transcribe(audio, recordingFileName(audio.type));
    } catch (error) {
      failTranscription(error);
      // 503: the server has no speech-to-text engine now (it restarted with another setup since
      // the page loaded). Asking again lets the next tap open the typed sheet, not the microphone.
      if (error instanceof CaptureError && error.status === 503) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.config });
      }
      return;
    }
    try {
      await finishWithText(transcript);
    } catch (error) {
      fail(error);
    }
  }, [fail, failTranscription, finishWithText, queryClient]);

  const onTap = useCallback(() => {
    const intent = tapIntent(state);
    if (intent === 'start') {
      if (voiceAvailable) void start();
      else onTypeInsteadRef.current('no-transcription');
    } else if (intent === 'stop') void stop();
  }, [start, state, stop, voiceAvailable]);

  const processTypedText = useCallback(
    (text: string) => {
      if (state !== 'idle') return;
      dispatch({ type: 'started' });
      dispatch({ type: 'stopped' });
      finishWithText(text).catch(fail);
    },
    [fail, finishWithText, state],
  );

  const level = useCallback(() => recordingRef.current?.level() ?? 0, []);

  return { state, stage, micUnavailable, voiceAvailable, onTap, level, processTypedText };
}
