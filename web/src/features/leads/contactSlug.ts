// The /contact-us/{slug} rule (spec 001 §2), the TypeScript twin of Go's
// shared.ContactSlug and shared.ContactLocation; shared/testdata/vectors/
// contact_slug.json and contact_location.json hold the cases both run.
import type { Location } from '../../lib/types';

// Go's \s is ASCII whitespace only.
const DEPARTMENT_SUFFIX = /[\t\n\f\r ]+-[\t\n\f\r ]+(sales|service|parts)[\t\n\f\r ]*$/i;

/** contactSlug is a location's contact page slug: its name without a department suffix, slugified. */
export function contactSlug(name: string): string {
  return name
    .replace(DEPARTMENT_SUFFIX, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

/** contactMatches are the visible locations a /contact-us/{slug} page shows: by contact slug or own slug. */
export function contactMatches(locations: Location[] | undefined, slug: string): Location[] {
  return (locations ?? []).filter((l) => l.visible !== false && (contactSlug(l.name) === slug || l.slug === slug));
}

/** contactLocation is the one the page is about: the sales location (a blank type is sales), else the first match. */
export function contactLocation(matches: Location[]): Location | undefined {
  return matches.find((l) => !l.location_type || l.location_type === 'sales') ?? matches[0];
}
