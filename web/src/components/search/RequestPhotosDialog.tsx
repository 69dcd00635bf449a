import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PHOTO_REQUEST_DEFAULT, photoRequestMailto, type PhotoContact } from '../../lib/search/photoRequest';
import './RequestPhotosDialog.css';

/**
 * RequestPhotosDialog is the Request Photos form of a car without photos
 * (spec 000 §2, §5): a modal dialog with an optional message and the hidden
 * default request. It sends nothing itself: the action opens the shopper's
 * email app addressed to the dealer (or calls the dealer when the site has
 * no email), and the dialog says so.
 */
export function RequestPhotosDialog({
  contact,
  carTitle,
  carPath,
  stocknum,
  onClose,
}: {
  contact: PhotoContact;
  carTitle: string;
  carPath: string;
  stocknum?: string;
  onClose: () => void;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !dialog.current) return;
      // Keep the keyboard inside the dialog while it is open.
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button, textarea, input:not([type="hidden"])')];
      const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      opener?.focus();
    };
  }, [onClose]);

  const carURL = `${window.location.origin}${carPath}`;
  const action = contact.email
    ? { href: photoRequestMailto(contact.email, carTitle, carURL, stocknum, message), label: 'Email your request' }
    : { href: `tel:${(contact.phone ?? '').replace(/[^\d+]/g, '')}`, label: `Call ${contact.phone}` };

  return createPortal(
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-note`}>
        <div className="modal__head">
          <h2 id={`${id}-title`}>Request photos</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <p className="modal__car">{carTitle}</p>
        <form
          className="modal__form"
          onSubmit={(e) => e.preventDefault()}
        >
          <input type="hidden" name="request" value={PHOTO_REQUEST_DEFAULT} />
          <label htmlFor={`${id}-message`}>
            Message <span className="modal__optional">(optional)</span>
          </label>
          <textarea
            ref={first}
            id={`${id}-message`}
            name="message"
            rows={4}
            value={message}
            placeholder={PHOTO_REQUEST_DEFAULT}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p id={`${id}-note`} className="modal__note">
            {contact.email
              ? `This opens your email app with a message to ${contact.name} (${contact.email}) asking for photos of this car. Nothing is sent until you send it.`
              : `${contact.name} takes photo requests by phone: call ${contact.phone} and quote this car.`}
          </p>
          <div className="modal__actions">
            <a className="button" href={action.href}>
              {action.label}
            </a>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
