import { useEffect, useState } from 'react';

export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long this recording has run, so people know it is going and how long they talked. */
export function RecordingTimer() {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <span data-testid="recording-timer" className="font-mono text-sm tabular-nums">
      {formatElapsed(now - startedAt)}
    </span>
  );
}
