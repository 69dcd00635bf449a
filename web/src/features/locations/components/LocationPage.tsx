import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { NotFound } from '../../../components/NotFound';
import { ApiError } from '../../../lib/http';
import { useLocation } from '../api/getLocations';
import { LocationCard, type EmailUsForm } from './LocationCard';
import { LocationDetail, ReviewList } from './LocationDetail';
import { LocationMap } from './LocationMap';
import { LocationTabs } from './LocationTabs';
import { OurLocations } from './OurLocationsCarousel';
import '../locations.css';

/**
 * LocationPage is /locations/{location or dealership slug} (and, with team,
 * /teams/{location slug}): the map and card, Sales/Service tabs when the
 * dealership has both, the detail block with department hours, and reviews.
 */
export default function LocationPage({ emailUs, team = false, slug: given }: { emailUs?: EmailUsForm; team?: boolean; slug?: string }) {
  const params = useParams();
  const slug = given ?? params.slug ?? '';
  const state = useLocation(slug);
  const name = state.status === 'ready' ? state.data.location.name : '';
  useDocumentTitle(name ? (team ? `${name} team` : name) : 'Location');
  if (state.status === 'loading') return <p role="status">Loading location…</p>;
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) return <NotFound />;
    return <p role="alert">This location could not be loaded. Please try again.</p>;
  }
  const { location, departments, reviews, reviews_shown } = state.data;
  const depts = departments ?? [location];
  const types = new Set(depts.map((d) => d.location_type || 'sales'));
  return (
    <div className="location-page">
      <h1>{team ? `Meet the ${location.name} team` : location.name}</h1>
      <div className="location-page__top">
        <LocationMap locations={[location]} label={`Map of ${location.name}`} />
        <LocationDetail location={location} departments={depts} />
      </div>
      {types.has('sales') && types.has('service') ? (
        <LocationTabs locations={depts} initial={location.default_tab} emailUs={emailUs} />
      ) : (
        <LocationCard location={location} emailUs={emailUs} headingLevel={2} viewLink={false} />
      )}
      <ReviewList reviews={reviews ?? []} shown={reviews_shown} />
      <OurLocations />
    </div>
  );
}
