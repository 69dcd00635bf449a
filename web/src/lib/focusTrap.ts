/** FOCUSABLE is what Tab moves through inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * keepTabInside makes Tab and Shift+Tab wrap at a modal dialog's first and
 * last control, and brings a focus that has left it back to the first (the
 * WAI-ARIA dialog pattern): the page behind a modal is not reachable. Call
 * it from the dialog's keydown handler; other keys are left alone.
 */
export function keepTabInside(e: { key: string; shiftKey: boolean; preventDefault(): void }, box: HTMLElement | null): void {
  if (e.key !== 'Tab' || !box) return;
  const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (focusable.length === 0) return;
  const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
  const active = document.activeElement;
  if (!box.contains(active) || (!e.shiftKey && active === tail)) {
    e.preventDefault();
    head.focus();
  } else if (e.shiftKey && active === head) {
    e.preventDefault();
    tail.focus();
  }
}
