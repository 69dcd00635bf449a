import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { CertifiedBadge } from '../../../lib/types';
import { useDialog } from '../../../components/Modal';

/**
 * CertifiedDialog is the certified programme's info dialog (spec 001 §2,
 * "A Toyota Certified info dialog is shown for eligible cars"): a modal
 * that keeps the keyboard inside, closes on Escape, its Close button or the
 * backdrop, and gives the focus back to the badge button. It is loaded
 * lazily, only when a shopper opens it.
 */
export default function CertifiedDialog({ certified, onClose }: { certified: CertifiedBadge; onClose: () => void }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useDialog(box, onClose, () => close.current);

  return createPortal(
    <div className="car-dialog__backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby={titleId} className="car-dialog">
        <h2 id={titleId}>{certified.title}</h2>
        {/* The site's text (car_page.certified_text), from the server's view. */}
        <p>{certified.text}</p>
        <p>Ask us for the programme’s full terms before you buy.</p>
        <button ref={close} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>,
    document.body,
  );
}
