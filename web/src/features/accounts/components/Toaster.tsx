import { useEffect } from 'react';
import { Link } from 'react-router';
import { dismissToast, useToast } from '../lib/toasts';
import './Toaster.css';

/** How long a toast stays unless the shopper closes it or moves the pointer or focus onto it. */
const TOAST_MS = 6000;

/**
 * Toaster shows the one current toast fixed over the page's corner, so it
 * never moves the page (no layout shift). Its region is always in the page
 * and polite, so screen readers announce each toast as it appears.
 */
export function Toaster() {
  const toast = useToast();
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="true">
      {toast ? (
        <div className="toast" key={toast.id}>
          <div className="toast__text">
            <strong className="toast__title">{toast.title}</strong>
            <span className="toast__body">{toast.body}</span>
          </div>
          {toast.action ? (
            <Link className="toast__action" to={toast.action.to} onClick={() => dismissToast(toast.id)}>
              {toast.action.label}
            </Link>
          ) : null}
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
