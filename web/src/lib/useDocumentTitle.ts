import { useEffect } from 'react';
import { useSite } from './siteContext';

/** useDocumentTitle names the browser tab "<title> | <site name>" while the page is shown. */
export function useDocumentTitle(title: string) {
  const { site } = useSite();
  useEffect(() => {
    document.title = `${title} | ${site.name}`;
    return () => {
      document.title = site.name;
    };
  }, [title, site.name]);
}
