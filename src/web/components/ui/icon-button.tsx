import {
  useCallback,
  useRef,
  type ButtonHTMLAttributes,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from './cn';
import { hadFocusWhenLoaded, loadTooltips, useTooltips } from './tooltip-loader';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

function requestTooltips() {
  loadTooltips().catch((error: unknown) => console.warn('Tooltips could not load', error));
}

export function IconButton({
  label,
  className,
  children,
  type = 'button',
  ref,
  onPointerEnter,
  onFocus,
  ...props
}: IconButtonProps) {
  const tooltips = useTooltips();
  const node = useRef<HTMLButtonElement | null>(null);
  const setRef = useCallback(
    (next: HTMLButtonElement | null) => {
      if (next) {
        // The tooltip wraps the button once it loads, so React makes a new one: focus moves to it.
        const previous = node.current;
        if (previous && previous !== next && !previous.isConnected && hadFocusWhenLoaded(previous))
          next.focus();
        node.current = next;
      }
      if (typeof ref === 'function') ref(next);
      else if (ref) ref.current = next;
    },
    [ref],
  );
  const button = (
    <button
      type={type}
      aria-label={label}
      className={cn(
        'focus-ring inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-zinc-700 transition-colors hover:bg-zinc-100 disabled:opacity-50 dark:text-zinc-200 dark:hover:bg-zinc-800',
        className,
      )}
      {...props}
      ref={setRef}
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        if (!tooltips) requestTooltips();
        onPointerEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        if (!tooltips) requestTooltips();
        onFocus?.(event);
      }}
    >
      {children}
    </button>
  );
  if (!tooltips) return button;
  return <tooltips.IconTooltip label={label}>{button}</tooltips.IconTooltip>;
}
