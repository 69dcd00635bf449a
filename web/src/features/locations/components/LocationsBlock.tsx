import { useSite } from '../../../lib/siteContext';
import type { LocationView } from '../../../lib/types';
import { useLocations, type LocationQuery } from '../api/getLocations';
import { LocationCard, type EmailUsForm } from './LocationCard';
import { LocationMap } from './LocationMap';

/**
 * LocationsBlock shows the locations a filter picks (spec 001 §2 "Location
 * blocks"): one location as a map and its card; several as a list or a card
 * grid (locations_block.layout) with the column count the API computed.
 */
export function LocationsBlock({ filter, emailUs, title }: { filter?: LocationQuery; emailUs?: EmailUsForm; title?: string }) {
  const state = useLocations(filter);
  if (state.status === 'loading') return <p role="status">Loading locations…</p>;
  if (state.status === 'error') return <p role="alert">Our locations could not be loaded. Please try again.</p>;
  const locations = state.data.locations ?? [];
  if (locations.length === 0) return <p>No locations to show.</p>;
  return <LocationsView locations={locations} columns={state.data.grid_columns} emailUs={emailUs} title={title} />;
}

/** LocationsView lays out loaded locations. */
export function LocationsView({ locations, columns, emailUs, title }: { locations: LocationView[]; columns: number; emailUs?: EmailUsForm; title?: string }) {
  const { site } = useSite();
  if (locations.length === 1) {
    return (
      <section className="locations locations--one" aria-label={title ?? locations[0].name}>
        <LocationMap locations={locations} label={`Map of ${locations[0].name}`} />
        <LocationCard location={locations[0]} emailUs={emailUs} />
      </section>
    );
  }
  const layout = site.locations_block.layout === 'list' ? 'list' : 'grid';
  return (
    <section className={`locations locations--${layout}`} aria-label={title ?? site.texts.locations_title}>
      <ul className="locations__items" style={layout === 'grid' ? { ['--location-columns' as string]: columns } : undefined}>
        {locations.map((l) => (
          <li key={l.id}>
            <LocationCard location={l} emailUs={emailUs} />
          </li>
        ))}
      </ul>
    </section>
  );
}
