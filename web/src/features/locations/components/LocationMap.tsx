import { useEffect, useRef, useState } from 'react';
import { useSite } from '../../../lib/siteContext';
import type { LocationView } from '../../../lib/types';
import { addressLines } from './LocationCard';

/**
 * LocationMap shows the locations on a MapLibre map (zoom from
 * locations_block.map_zoom, default 10), loading MapLibre GL JS only once
 * the map scrolls into view. With no map style configured (the local
 * default) it shows a static card with Get Directions instead.
 */
export function LocationMap({ locations, label = 'Map' }: { locations: LocationView[]; label?: string }) {
  const { site } = useSite();
  const style = site.locations_block.map_style_url;
  const points = locations.filter((l) => l.address.lat || l.address.long);
  if (!style || points.length === 0) return <StaticMap locations={locations} label={label} />;
  return <LiveMap style={style} zoom={site.locations_block.map_zoom} locations={points} label={label} />;
}

function StaticMap({ locations, label }: { locations: LocationView[]; label: string }) {
  return (
    <section className="static-map" aria-label={label}>
      {locations.map((l) => (
        <div key={l.id} className="static-map__place">
          <p className="static-map__name">{l.name}</p>
          <address>
            {addressLines(l).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          {l.directions_url ? (
            <a className="button button--ghost" href={l.directions_url} target="_blank" rel="noopener noreferrer">
              Get Directions<span className="visually-hidden"> to {l.name} (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ))}
    </section>
  );
}

function LiveMap({ style, zoom, locations, label }: { style: string; zoom: number; locations: LocationView[]; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(node);
    return () => io.disconnect();
  }, []);
  // The map is rebuilt only when the places change, not on every render's new array.
  const places = locations.map((l) => `${l.address.lat},${l.address.long}`).join(';');
  useEffect(() => {
    if (!visible || !el.current) return;
    let map: { remove(): void } | undefined;
    let cancelled = false;
    // MapLibre (about 250 KB gzip) is its own chunk, fetched only here.
    Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')])
      .then(([{ Map, Marker, NavigationControl }]) => {
        if (cancelled || !el.current) return;
        const first = locations[0].address;
        const m = new Map({ container: el.current, style, center: [first.long ?? 0, first.lat ?? 0], zoom });
        m.addControl(new NavigationControl({ showCompass: false }));
        for (const l of locations) new Marker().setLngLat([l.address.long ?? 0, l.address.lat ?? 0]).addTo(m);
        map = m;
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- places stands for locations
  }, [visible, style, zoom, places]);
  if (failed) return <StaticMap locations={locations} label={label} />;
  return <div ref={el} className="live-map" role="region" aria-label={label} />;
}

/**
 * VehicleMap is the car page's #vehicle-map section (spec 001 §2), shown where
 * vdp_config.show_map_section is on: the map of the car's location. The car
 * page places it; locations is the car's location from GET /api/locations.
 */
export function VehicleMap({ locations }: { locations: LocationView[] }) {
  const { site } = useSite();
  if (!site.vdp_config.show_map_section || locations.length === 0) return null;
  return (
    <section id="vehicle-map" className="vehicle-map" aria-labelledby="vehicle-map-title">
      <h2 id="vehicle-map-title">Where to find this car</h2>
      <LocationMap locations={locations} label={`Map of ${locations[0].name}`} />
    </section>
  );
}
