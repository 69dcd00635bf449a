import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
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
  const close = useRef(onClose);
  close.current = onClose;

  // A layout effect: the focus moves in the commit that shows the dialog,
  // so no frame (and no reader of the page) sees it open with the focus
  // still on the button that opened it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const el = dialog.current;
    (el?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? el)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      keepTabInside(e, el);
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      opener?.focus();
    };
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
