import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastAction {
  label: string;
  /** Screen readers announce this instead of the label (Radix requires an alternative). */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** docs/product.md, Constants and timings: uses 2 s, 3 s and 10 s; the default auto-close is 5000 ms. */
  durationMs?: number;
  action?: ToastAction;
}

export interface ToastEntry extends ToastInput {
  id: number;
  open: boolean;
}

/** docs/product.md: at most one toast is shown; a new one replaces the previous. */
const TOAST_LIMIT = 1;
/** docs/product.md: a dismissed toast is removed after 1,000,000 ms. */
const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const DEFAULT_TOAST_DURATION_MS = 5000;

let toasts: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** Whether a toast has been shown since the page loaded (useAnyToastShown). */
let anyShown = false;

function emit(next: ToastEntry[]) {
  toasts = next;
  if (next.length > 0) anyShown = true;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: number) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: number) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput) {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<ToastInput>) =>
      emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(subscribe, () => toasts);
}

/**
 * Whether a toast has been shown since the page loaded: until then the app renders no toaster,
 * since an empty viewport has nothing to show, swipe or focus (app.tsx).
 */
export function useAnyToastShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => anyShown,
    () => false,
  );
}
