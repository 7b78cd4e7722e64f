/**
 * Esc while a toast shows: Radix makes the newest layer, the toast, the one that hears Esc, so
 * without this the sheet under it stays open and a person presses Esc twice. Here Esc closes
 * the topmost open sheet through its own Close button (its usual way out, focus return included)
 * and leaves the toast to time out. With the focus inside a toast, Esc still closes that toast.
 * Kept apart from sheet.tsx so the toaster's chunk does not carry the dialog code.
 */
export const SHEET_CLOSE_ATTRIBUTE = 'data-sheet-close';

export function closeTopmostSheet(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('.toast-root')) return false;
  const open = document.querySelectorAll<HTMLElement>(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  const close = open[open.length - 1]?.querySelector<HTMLElement>(`[${SHEET_CLOSE_ATTRIBUTE}]`);
  if (!close) return false;
  close.click();
  return true;
}
