import { useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from './cn';
import { SHEET_CLOSE_ATTRIBUTE } from './sheet-escape';
import { toastSlotRef } from './toast-slot';

/** docs/product.md, Constants and timings: the detail sheet closes when dragged down past 32 px. */
export const SWIPE_CLOSE_THRESHOLD_PX = 32;

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Visually hidden titles still name the dialog for screen readers. */
  hideTitle?: boolean;
  description?: string;
  children: ReactNode;
  swipeToClose?: boolean;
  /** `bottom` rises from the bottom on phones and centres on wide screens; `side` is a drawer. */
  placement?: 'bottom' | 'side' | 'center';
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}

/**
 * One modal surface for every sheet and dialog: Radix traps focus, closes on Esc and on the
 * backdrop, and returns focus to what was focused before it opened.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  swipeToClose,
  placement = 'bottom',
  testId,
  role = 'dialog',
}: SheetProps) {
  const dragStartY = useRef<number | null>(null);
  // Sheets here have no Radix Trigger, so Radix would return focus nowhere on close; remember
  // what was focused when the sheet opened (before Radix moves focus inside) and go back there.
  const [returnFocusTo, setReturnFocusTo] = useState<Element | null>(() =>
    open ? document.activeElement : null,
  );
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setReturnFocusTo(document.activeElement);
  }
  const contentRef = useRef<HTMLDivElement>(null);

  const dragHandlers = swipeToClose
    ? {
        onPointerDown: (event: React.PointerEvent) => {
          dragStartY.current = event.clientY;
        },
        onPointerMove: (event: React.PointerEvent) => {
          if (dragStartY.current === null || !contentRef.current) return;
          const delta = Math.max(0, event.clientY - dragStartY.current);
          contentRef.current.style.transform = delta ? `translateY(${delta}px)` : '';
        },
        onPointerUp: (event: React.PointerEvent) => {
          const start = dragStartY.current;
          dragStartY.current = null;
          if (contentRef.current) contentRef.current.style.transform = '';
          if (start !== null && event.clientY - start > SWIPE_CLOSE_THRESHOLD_PX)
            onOpenChange(false);
        },
        onPointerCancel: () => {
          dragStartY.current = null;
          if (contentRef.current) contentRef.current.style.transform = '';
        },
      }
    : {};

  const placementClass = {
    bottom:
      'sheet-bottom inset-x-0 bottom-0 mx-auto max-h-[92dvh] w-full max-w-[560px] rounded-t-3xl pb-[max(1rem,env(safe-area-inset-bottom))] sm:bottom-auto sm:top-1/2 sm:max-w-[480px] sm:-translate-y-1/2 sm:rounded-3xl',
    center:
      'sheet-center inset-x-4 top-1/2 mx-auto max-h-[90dvh] max-w-[440px] -translate-y-1/2 rounded-3xl',
    side: 'sheet-side inset-y-0 right-0 h-full w-[min(88vw,360px)] rounded-l-3xl pt-[env(safe-area-inset-top)]',
  }[placement];

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          ref={contentRef}
          role={role}
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo instanceof HTMLElement && returnFocusTo.isConnected) {
              event.preventDefault();
              returnFocusTo.focus();
            }
          }}
          className={cn(
            'fixed z-50 flex flex-col overflow-hidden bg-white text-zinc-900 shadow-2xl outline-none dark:bg-zinc-900 dark:text-zinc-50',
            placementClass,
          )}
        >
          {placement === 'bottom' ? (
            <div
              className="flex h-6 shrink-0 touch-none items-center justify-center sm:hidden"
              data-testid={swipeToClose ? 'sheet-grab-handle' : undefined}
              {...dragHandlers}
            >
              <span aria-hidden className="h-1.5 w-10 rounded-full bg-zinc-300 dark:bg-zinc-600" />
            </div>
          ) : null}
          <div
            className={cn(
              'flex shrink-0 items-center gap-2 px-5',
              placement === 'bottom' ? 'pt-1 sm:pt-4' : 'pt-4',
              swipeToClose && 'touch-none',
            )}
            {...dragHandlers}
          >
            <Dialog.Title
              className={cn('min-w-0 flex-1 text-xl font-semibold', hideTitle && 'sr-only')}
            >
              {title}
            </Dialog.Title>
            {/* 48 px: the Voice Settings sheet asks for 48 px targets (docs/product.md, Constants and timings). */}
            <Dialog.Close
              {...{ [SHEET_CLOSE_ATTRIBUTE]: '' }}
              aria-label="Close"
              className="focus-ring -mr-2 ml-auto inline-flex size-12 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="px-5 text-sm text-zinc-600 dark:text-zinc-300">
              {description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-3 pb-2">
            {children}
          </div>
          <div ref={toastSlotRef} data-testid="sheet-toast-slot" className="shrink-0" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
