import { expect } from 'vitest';
import fixture from '../../../functions/seo/testdata/parts/parts.json';
import type { Car, CarView, LocationLink, SiteStats } from '../lib/types';
import { paintedSiteResponse } from './domShape';

// The painted pages Go wrote from the fixture (functions/seo
// TestPartsPaintGolden), by case name.
const pages = import.meta.glob('../../../functions/seo/testdata/parts/*.html', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** PartsCase is one painted page of the fixture: its site, path and, for a car page, the car and its view. */
export type PartsCase = {
  name: string;
  site: string;
  path: string;
  header_locations: LocationLink[] | null;
  car?: Car;
  view?: CarView;
  /** the site's stats GET /api/site carries, for a page that reads them */
  stats?: SiteStats;
  /** a dealership's search page: the dealership's slug and its first answer's hits */
  dealership?: string;
  hits?: Car[];
  nb_hits?: number;
};

/** partsFixture is the painted parts' input (functions/seo/testdata/parts/parts.json). */
export const partsFixture = fixture as unknown as {
  now: string;
  bundled_badge: string;
  sites: Record<string, unknown>;
  cases: PartsCase[];
};

/**
 * partsSite is the site answer the app renders a case from: the fixture's
 * site, header locations and stats (and a search host, which the header's models
 * menu builds its client for; nothing is asked before it opens).
 */
export function partsSite(c: PartsCase) {
  const site = paintedSiteResponse(partsFixture.sites[c.site]);
  return {
    ...site,
    header_locations: c.header_locations,
    stats: (c.stats ?? null) as typeof site.stats,
    search: { ...site.search, host: 'http://localhost:7700' },
  };
}

/** paintedPage is the case's page as Go painted it, parsed. */
export function paintedPage(c: PartsCase): Document {
  const html = Object.entries(pages).find(([path]) => path.endsWith(`/${c.name}.html`))?.[1];
  if (html === undefined) throw new Error(`no painted page for ${c.name}: run go test ./functions/seo -run TestPartsPaintGolden -update`);
  return new DOMParser().parseFromString(html, 'text/html');
}

/**
 * expectPaintedParts compares each part (a selector) of the app's render
 * with the painted page's, shape by shape, naming the part that differs.
 */
export function expectPaintedParts(app: ParentNode, painted: ParentNode, parts: string[], shape: (el: Element) => string[], name: string) {
  for (const part of parts) {
    const want = painted.querySelector(part);
    expect(want, `${name}: ${part} painted`).not.toBeNull();
    expect(shape(app.querySelector(part) as Element), `${name}: ${part}`).toEqual(shape(want as Element));
  }
}
