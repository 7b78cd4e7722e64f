import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { DEFAULT_TOAST_DURATION_MS, dismissToast, useToasts } from './toast-store';
import { cn } from './cn';
import { closeTopmostSheet } from './sheet-escape';
import { subscribeToastSlot, topToastSlot } from './toast-slot';

const variantClass = {
  default:
    'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-50',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50',
  destructive:
    'border-rose-300 bg-rose-50 text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50',
};

/** Radix toast: swipe right past 50 px dismisses, F8 focuses the viewport (docs/product.md, Constants and timings). */
export function Toaster() {
  const toasts = useToasts();
  const slot = useSyncExternalStore(subscribeToastSlot, topToastSlot, () => null);
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.durationMs ?? DEFAULT_TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          onEscapeKeyDown={(event) => {
            if (closeTopmostSheet(event.target)) event.preventDefault();
          }}
          data-testid="toast"
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-12 shadow-lg',
            variantClass[t.variant ?? 'default'],
          )}
        >
          <div className="min-w-0 flex-1">
            <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="mt-1 text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
            {t.action ? (
              <ToastPrimitive.Action
                altText={t.action.altText}
                onClick={t.action.onClick}
                className="focus-ring mt-3 inline-flex min-h-11 items-center rounded-lg border border-current px-4 text-sm font-semibold"
              >
                {t.action.label}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="focus-ring absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-lg opacity-80 hover:opacity-100"
          >
            <X aria-hidden className="size-5" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {slot ? (
        // Inside the open sheet, in its flow: the sheet's content scrolls above the toast.
        createPortal(
          <ToastPrimitive.Viewport className="flex w-full flex-col-reverse gap-2 px-3 pt-1 outline-none" />,
          slot,
        )
      ) : (
        // Above the bottom bar, never over the header's buttons; the viewport's own box lets
        // taps through, only a toast takes them.
        <ToastPrimitive.Viewport className="pointer-events-none fixed bottom-[calc(env(safe-area-inset-bottom)+10rem)] left-1/2 z-[100] flex w-full max-w-[560px] -translate-x-1/2 flex-col-reverse gap-2 p-3 outline-none" />
      )}
    </ToastPrimitive.Provider>
  );
}
