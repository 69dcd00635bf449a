import { useLayoutEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { photoSrcSet } from '../../../lib/photoSrcSet';
import { keepTabInside } from '../../../lib/focusTrap';
import './PhotoViewer.css';

/** SWIPE is how far (px) a finger must travel sideways for a swipe. */
const SWIPE = 40;

/**
 * PhotoViewer shows a car's photos full screen (issue 32 item 15): a modal
 * dialog over the whole viewport that starts at the gallery's photo, moves
 * with the arrow keys, its buttons and a swipe, keeps the keyboard inside,
 * closes on Escape or Close and gives the focus back to what opened it;
 * onClose gets the photo shown last, so the gallery stays there. The page
 * under it does not scroll. It is its own chunk, loaded on first open.
 */
export default function PhotoViewer({ images, title, start, onClose }: { images: string[]; title: string; start: number; onClose: (index: number) => void }) {
  const [index, setIndex] = useState(start);
  const box = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const last = useRef(index);
  last.current = index;
  const n = images.length;
  const go = (i: number) => setIndex(((i % n) + n) % n);

  // The focus moves in with the commit that shows the dialog and goes back
  // on close; the page under the dialog keeps its place and does not scroll.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    close.current?.focus();
    return () => {
      root.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The gallery under it in the React tree moves on arrows too: this one is the shopper's.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose(last.current);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    } else {
      keepTabInside(e, box.current);
    }
  };

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!from || !t) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(t.clientY - from.y)) go(index + (dx < 0 ? 1 : -1));
  };

  const src = images[index];
  return createPortal(
    // tabIndex -1: a click on the photo keeps the focus in the dialog (on it), so its keys still work.
    <div ref={box} role="dialog" aria-modal="true" aria-label={`Photos of ${title}`} className="photo-viewer" onKeyDown={onKeyDown} tabIndex={-1}>
      <div className="photo-viewer__bar">
        <p className="photo-viewer__counter" aria-live="polite">
          {index + 1} / {n}
        </p>
        <button ref={close} type="button" className="photo-viewer__close" onClick={() => onClose(last.current)}>
          Close
        </button>
      </div>
      <div className="photo-viewer__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <img key={src} src={src} srcSet={photoSrcSet(src)} sizes="100vw" alt={`${title}, photo ${index + 1} of ${n}, full screen`} />
      </div>
      {n > 1 ? (
        <>
          <button type="button" className="photo-viewer__nav photo-viewer__nav--prev" aria-label="Previous photo" onClick={() => go(index - 1)}>
            ‹
          </button>
          <button type="button" className="photo-viewer__nav photo-viewer__nav--next" aria-label="Next photo" onClick={() => go(index + 1)}>
            ›
          </button>
        </>
      ) : null}
    </div>,
    document.body,
  );
}
