/**
 * Where toasts show while a sheet is open: inside the topmost sheet, below its content, so a
 * toast pushes the sheet's text up instead of covering its title, its words or its buttons.
 * With no sheet open they float above the bottom bar. Kept apart from sheet.tsx so the
 * toaster's chunk does not carry the dialog code.
 */
type Listener = () => void;

let slots: readonly HTMLElement[] = [];
const listeners = new Set<Listener>();

function changed() {
  for (const listener of listeners) listener();
}

/** A ref callback for a sheet's slot: the newest sheet's slot is the one toasts go to. */
export function toastSlotRef(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  slots = [...slots, element];
  changed();
  return () => {
    slots = slots.filter((slot) => slot !== element);
    changed();
  };
}

export function subscribeToastSlot(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function topToastSlot(): HTMLElement | null {
  return slots[slots.length - 1] ?? null;
}
