import { useState } from 'react';
import { downloadPdf } from '../api/downloadPdf';

/**
 * PdfDownload saves the car's brochure as {slug}.pdf (spec 001 §7); a
 * failure shows a browser alert with the error message (spec 001 §8).
 */
export function PdfDownload({ path, slug }: { path: string; slug: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost button--block"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadPdf(path, slug);
        } catch (err) {
          window.alert(err instanceof Error ? err.message : String(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? 'Preparing brochure…' : 'Download brochure (PDF)'}
    </button>
  );
}
