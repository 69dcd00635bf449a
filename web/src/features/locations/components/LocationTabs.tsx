import { useId, useRef, useState } from 'react';
import type { LocationView } from '../../../lib/types';
import { LocationCard, type EmailUsForm } from './LocationCard';

const TABS = [
  { type: 'sales', label: 'Sales' },
  { type: 'service', label: 'Service' },
] as const;

/**
 * LocationTabs switches between a dealership's Sales and Service locations
 * (spec 001 §2): the default is the tab the API named for the location
 * (Service for a service location). Arrow keys move between tabs.
 */
export function LocationTabs({ locations, initial, emailUs }: { locations: LocationView[]; initial: string; emailUs?: EmailUsForm }) {
  const id = useId();
  const tabs = TABS.filter((t) => locations.some((l) => (l.location_type || 'sales') === t.type));
  const [active, setActive] = useState<string>(tabs.some((t) => t.type === initial) ? initial : (tabs[0]?.type ?? 'sales'));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (tabs.length < 2) return null;
  const shown = locations.filter((l) => (l.location_type || 'sales') === active);
  return (
    <div className="location-tabs">
      <div role="tablist" aria-label="Department">
        {tabs.map((t, i) => (
          <button
            key={t.type}
            ref={(b) => {
              refs.current[i] = b;
            }}
            role="tab"
            type="button"
            id={`${id}-${t.type}`}
            aria-selected={active === t.type}
            aria-controls={`${id}-panel`}
            tabIndex={active === t.type ? 0 : -1}
            onClick={() => setActive(t.type)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = (i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
              setActive(tabs[next].type);
              refs.current[next]?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`}>
        {shown.map((l) => (
          <LocationCard key={l.id} location={l} emailUs={emailUs} viewLink={false} />
        ))}
      </div>
    </div>
  );
}
