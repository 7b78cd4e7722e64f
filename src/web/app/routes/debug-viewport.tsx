import { useEffect, useRef, useState } from 'react';
import { AppShell } from '../app-shell';

interface ViewportFacts {
  width: number;
  height: number;
  visualWidth: number | null;
  visualHeight: number | null;
  devicePixelRatio: number;
  standalone: boolean;
  insets: { top: string; right: string; bottom: string; left: string };
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}

export default function DebugViewportRoute() {
  const probeRef = useRef<HTMLDivElement>(null);
  const [facts, setFacts] = useState<ViewportFacts | null>(null);

  useEffect(() => {
    const measure = () => {
      const probe = probeRef.current;
      const style = probe ? getComputedStyle(probe) : null;
      setFacts({
        width: window.innerWidth,
        height: window.innerHeight,
        visualWidth: window.visualViewport?.width ?? null,
        visualHeight: window.visualViewport?.height ?? null,
        devicePixelRatio: window.devicePixelRatio,
        standalone: isStandalone(),
        insets: {
          top: style?.paddingTop ?? '0px',
          right: style?.paddingRight ?? '0px',
          bottom: style?.paddingBottom ?? '0px',
          left: style?.paddingLeft ?? '0px',
        },
      });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const rows: [string, string][] = facts
    ? [
        ['Viewport', `${facts.width} x ${facts.height}`],
        [
          'Visual viewport',
          facts.visualWidth === null
            ? 'unavailable'
            : `${Math.round(facts.visualWidth)} x ${Math.round(facts.visualHeight ?? 0)}`,
        ],
        ['Device pixel ratio', String(facts.devicePixelRatio)],
        ['Standalone', facts.standalone ? 'yes' : 'no'],
        ['Safe area top', facts.insets.top],
        ['Safe area right', facts.insets.right],
        ['Safe area bottom', facts.insets.bottom],
        ['Safe area left', facts.insets.left],
      ]
    : [];

  return (
    <AppShell title="Viewport">
      <div
        ref={probeRef}
        aria-hidden
        className="pointer-events-none fixed pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] opacity-0"
      />
      <dl className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-zinc-600 dark:text-zinc-300">{label}</dt>
            <dd className="font-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </AppShell>
  );
}
