import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSite } from '../../../lib/siteContext';
import { useFacetClient, useSiteFacets, type FacetClient } from '../../../lib/search/useFacetCounts';
import { DealershipList } from '../../../components/browse/DealershipList';
import '../../../components/browse/directory.css';

/**
 * DealershipsPage lists the site's dealerships, each linked to its stock (spec 001 §2 "Several dealerships");
 * children are the sections the app composes below the list (the nearest-dealership finder and the locations).
 */
export default function DealershipsPage({ searchClient, children }: { searchClient?: FacetClient; children?: ReactNode }) {
  const { site, search } = useSite();
  const client = useFacetClient(search, searchClient);
  const state = useSiteFacets(client, ['dealership_name']);
  useDocumentTitle('Our dealerships');
  return (
    <section className="directory">
      <h1>Our dealerships</h1>
      <DealershipList dealerships={site.dealerships ?? []} facets={state.status === 'ready' ? state.facets : undefined} />
      {children}
    </section>
  );
}
