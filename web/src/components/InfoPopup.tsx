import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './InfoPopup.css';

/**
 * InfoPopup is an "i" button that opens a small non-modal popup (spec 001
 * §2 "Info popups open and close"): the button toggles it, Escape or a click
 * outside closes it, and closing with the keyboard returns the focus to the
 * button.
 */
export function InfoPopup({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <span className="info-popup" ref={box}>
      <button
        ref={button}
        type="button"
        className="info-popup__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">i</span>
      </button>
      {open ? (
        // Opened by the foot of the screen, it would hang below it (issue 32 item 3): the page brings it into view.
        <span id={id} role="dialog" aria-label={title} className="info-popup__box" ref={(el) => el?.scrollIntoView?.({ block: 'nearest' })}>
          <strong className="info-popup__title">{title}</strong>
          {children}
          <button
            type="button"
            className="link-button info-popup__close"
            onClick={() => {
              setOpen(false);
              button.current?.focus();
            }}
          >
            Close
          </button>
        </span>
      ) : null}
    </span>
  );
}
