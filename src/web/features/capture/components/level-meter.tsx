import { useEffect, useRef } from 'react';

const BAR_WEIGHTS = [0.45, 0.7, 0.9, 1, 0.9, 0.7, 0.45];

/** A live loudness meter, so people see they are heard. Drawn per frame without re-rendering. */
export function LevelMeter({ level, color }: { level: () => number; color: string }) {
  const barsRef = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    let frame = 0;
    let smoothed = 0;
    const draw = () => {
      smoothed = smoothed * 0.6 + level() * 0.4;
      barsRef.current.forEach((bar, i) => {
        if (bar)
          bar.style.transform = `scaleY(${Math.max(0.12, smoothed * (BAR_WEIGHTS[i] ?? 1))})`;
      });
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [level]);

  return (
    <div aria-hidden data-testid="level-meter" className="flex h-8 items-center gap-1">
      {BAR_WEIGHTS.map((_, i) => (
        <span
          key={i}
          ref={(el) => {
            barsRef.current[i] = el;
          }}
          className="h-full w-1.5 origin-center rounded-full"
          style={{ backgroundColor: color, transform: 'scaleY(0.12)' }}
        />
      ))}
    </div>
  );
}
