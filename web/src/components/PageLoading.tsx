/**
 * PageLoading stands in for a page while its code or data loads. It holds a
 * screen's height so the footer starts below the fold instead of showing and
 * then jumping down when the page arrives (CLS).
 */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="page-status page-status--loading">
      {label}
    </p>
  );
}
