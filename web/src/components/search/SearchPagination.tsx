import { usePagination } from 'react-instantsearch';
import { withPage } from '../../lib/listingUrl';
import './SearchPagination.css';

/** SearchPagination is a list of page links; each keeps its URL so pages can be opened in a new tab. */
export function SearchPagination({ onNavigate }: { onNavigate?: () => void }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const first = createURL(0);
  const go = (page: number) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    refine(page);
    onNavigate?.();
  };
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          {isFirstPage ? (
            <span className="pagination__link" aria-disabled="true">
              Previous
            </span>
          ) : (
            <a className="pagination__link" href={withPage(first, currentRefinement - 1)} onClick={go(currentRefinement - 1)} rel="prev">
              Previous
            </a>
          )}
        </li>
        {pages.map((p) => (
          <li key={p}>
            <a
              className="pagination__link"
              href={withPage(first, p)}
              onClick={go(p)}
              aria-current={p === currentRefinement ? 'page' : undefined}
              aria-label={`Page ${p + 1}`}
            >
              {p + 1}
            </a>
          </li>
        ))}
        <li>
          {isLastPage ? (
            <span className="pagination__link" aria-disabled="true">
              Next
            </span>
          ) : (
            <a className="pagination__link" href={withPage(first, currentRefinement + 1)} onClick={go(currentRefinement + 1)} rel="next">
              Next
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}
