import { Link } from 'react-router';
import type { LocationLink } from '../../../lib/types';
import { Dropdown } from './Dropdown';

/**
 * LocationsMenu is the header's Locations control (spec 001 §2): a link to
 * /dealerships where header.locations_link is on, else a dropdown of the
 * locations the server lists (visible ones, sales then service then parts),
 * each with its name and phone, linking to tel: or /contact as the server
 * decided, then its line to every location (/dealerships, issue 33); each
 * line's accessible name is the server's. Nothing shows for a site without
 * visible locations.
 */
export function LocationsMenu({ link, locations, hover }: { link: boolean; locations: LocationLink[]; hover: boolean }) {
  if (link) {
    return (
      <li className="nav-locations">
        <Link to="/dealerships">Locations</Link>
      </li>
    );
  }
  if (locations.length === 0) return null;
  return (
    <Dropdown label="Locations" hover={hover} className="nav-locations nav-group--end">
      {locations.map((l) => {
        const body = (
          <>
            <span className="location-link__name">{l.name}</span>
            {l.phone ? <span className="location-link__phone">{l.phone}</span> : null}
          </>
        );
        return (
          <li key={l.name + l.href} className="location-link">
            {l.href.startsWith('tel:') ? (
              <a href={l.href} aria-label={l.label}>
                {body}
              </a>
            ) : (
              <Link to={l.href} aria-label={l.label}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </Dropdown>
  );
}
