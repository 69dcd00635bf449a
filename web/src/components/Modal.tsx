import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '../lib/focusTrap';
import './Modal.css';

/**
 * Modal is a dialog over the page: named by its title, the keyboard kept
 * inside it while open (Tab wraps), Escape or the close button closes it and
 * focus returns to what opened it. width is its largest width in pixels.
 */
export function Modal({ title, onClose, children, width = 600 }: { title: string; onClose: () => void; children: ReactNode; width?: number }) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useDialog(dialog, onClose, (el) => el.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? el);
  useLayoutEffect(() => {
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, []);

  return createPortal(
    <div className="lead-modal__backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} className="lead-modal" style={{ maxWidth: `${width}px` }} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <div className="lead-modal__head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="lead-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/**
 * useDialog is a modal dialog's keyboard, the one copy (issue 36): focus
 * moves to first(dialog) as it opens, Tab and Shift+Tab stay inside, Escape
 * calls onClose, and closing gives the focus back to what opened it.
 */
export function useDialog(dialog: RefObject<HTMLElement | null>, onClose: () => void, first: (dialog: HTMLElement) => HTMLElement | null) {
  const close = useRef(onClose);
  const focus = useRef(first);
  useLayoutEffect(() => {
    close.current = onClose;
    focus.current = first;
  });
  // A layout effect: the focus moves in the commit that shows the dialog,
  // so no frame (and no reader of the page) sees it open with the focus
  // still on the button that opened it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const el = dialog.current;
    if (el) focus.current(el)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      keepTabInside(e, el);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [dialog]);
}
