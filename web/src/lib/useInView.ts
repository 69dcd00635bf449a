import { useEffect, useState, type RefObject } from 'react';

/**
 * useInView is true once the element has come within rootMargin of the
 * viewport, and stays true (a widget loads once). Without
 * IntersectionObserver it stays false: a widget below the fold then never
 * costs a search request (issue 18) rather than always costing one.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
