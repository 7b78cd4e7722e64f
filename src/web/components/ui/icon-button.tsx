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

function focusIsVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser that cannot tell keyboard from pointer focus: load them, as before.
    return true;
  }
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
        // The tooltip wraps the button once it loads, so React makes a new one: focus moves to
        // it, unless something else took the focus meanwhile (a sheet this button opened, whose
        // focus trap would read the move as leaving it and close it).
        const previous = node.current;
        const focusIsFree =
          document.activeElement === null || document.activeElement === document.body;
        if (
          previous &&
          previous !== next &&
          !previous.isConnected &&
          hadFocusWhenLoaded(previous) &&
          focusIsFree
        )
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
        // Only a keyboard's focus can show a tooltip: a tap focuses the button too, and loading
        // them then would swap every icon button while the tap's sheet opens.
        if (!tooltips && focusIsVisible(event.currentTarget)) requestTooltips();
        onFocus?.(event);
      }}
    >
      {children}
    </button>
  );
  if (!tooltips) return button;
  return <tooltips.IconTooltip label={label}>{button}</tooltips.IconTooltip>;
}
