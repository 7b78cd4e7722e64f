/**
 * Opus at 24 kbit/s mono keeps a voice clear and a minute of talking near 200 KB, so uploads stay
 * quick on a weak phone signal and far from the server's size limit (docs/benchmarks.md has the
 * measured figure).
 */
export const RECORDING_BITS_PER_SECOND = 24_000;
/** Chunks every second, so a long recording never sits in one buffer. */
const TIMESLICE_MS = 1000;

const MIME_CANDIDATES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  // Safari records AAC in MP4 only.
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
] as const;

export function pickMimeType(isSupported: (type: string) => boolean): string | undefined {
  return MIME_CANDIDATES.find((type) => isSupported(type));
}

/** docs/product.md, Constants and timings: the upload is named recording.webm, or the extension matching the type. */
export function recordingFileName(mimeType: string): string {
  if (mimeType.startsWith('audio/mp4')) return 'recording.mp4';
  if (mimeType.startsWith('audio/ogg')) return 'recording.ogg';
  return 'recording.webm';
}

export interface ActiveRecording {
  /** The container the recorder writes, known from the start (the upload's filetype). */
  readonly mimeType: string;
  /** Stops and resolves with the whole recording, the final chunk included. */
  stop(): Promise<Blob>;
  /** Releases the microphone without producing audio. */
  cancel(): void;
  /** 0..1 loudness right now, for the level meter. */
  level(): number;
}

function unsupported(message: string): DOMException {
  return new DOMException(message, 'NotSupportedError');
}

/**
 * `onChunk` hears each second of audio as it is made, in order, the final one before `stop()`
 * resolves: the recording is kept and uploaded while it is being made.
 */
export async function startRecording(
  onChunk: (chunk: Blob) => void = () => undefined,
): Promise<ActiveRecording> {
  if (!navigator.mediaDevices?.getUserMedia) throw unsupported('getUserMedia is unavailable');
  if (typeof MediaRecorder === 'undefined') throw unsupported('MediaRecorder is unavailable');

  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 },
  });
  const releaseMicrophone = () => stream.getTracks().forEach((track) => track.stop());

  let recorder: MediaRecorder;
  const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
  try {
    recorder = new MediaRecorder(stream, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
    });
  } catch (error) {
    releaseMicrophone();
    throw error;
  }

  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    onChunk(event.data);
  });
  // 'stop' fires after the last 'dataavailable', so resolving here never loses the final chunk.
  const finished = new Promise<Blob>((resolve, reject) => {
    recorder.addEventListener('stop', () =>
      resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' })),
    );
    recorder.addEventListener('error', () => reject(new Error('Recording failed')));
  });

  const meter = createLevelMeter(stream);
  recorder.start(TIMESLICE_MS);

  const cleanUp = () => {
    meter?.close();
    releaseMicrophone();
  };

  return {
    mimeType: recorder.mimeType || mimeType || 'audio/webm',
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      try {
        return await finished;
      } finally {
        cleanUp();
      }
    },
    cancel() {
      if (recorder.state !== 'inactive') recorder.stop();
      cleanUp();
    },
    level: () => meter?.level() ?? 0,
  };
}

function createLevelMeter(stream: MediaStream): { level(): number; close(): void } | null {
  try {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    return {
      level() {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        // Speech RMS sits around 0.02-0.2; scale so normal talking fills most of the meter.
        return Math.min(1, Math.sqrt(sum / samples.length) * 5);
      },
      close() {
        void context.close().catch(() => undefined);
      },
    };
  } catch {
    // The meter is a nicety; recording works without it.
    return null;
  }
}
