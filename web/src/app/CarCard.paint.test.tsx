// Issue 14 first paint: the server paints the listing's first cards
// (functions/seo ListingPaint). Its golden page and the input it was
// painted from are in functions/seo/testdata/heads; here the app's CarCard
// renders the same hits on the same site at the same time, with the
// actions the app gives it (the heart, Compare, Request Photos), and each card
// must be the painted one: the same elements, classes, text and the
// attributes that size, link and name them. A change to CarCard needs the
// same change in functions/seo/paint.go (and the golden files updated).
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import painted from '../../../functions/seo/testdata/heads/listing-painted.html?raw';
import input from '../../../functions/seo/testdata/heads/listing-painted.json';
import { SiteProvider } from '../lib/siteContext';
import type { Car } from '../lib/types';
import { CardActionsProvider } from '../components/search/cardActions';
import { cardActions } from './cardActions';
import { CarCard } from '../components/search/CarCard';
import { FinanceFinePrint } from '../components/search/SearchResults';
import { domShape, paintedSiteResponse } from '../test/domShape';

const ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'sizes',
  'alt',
  'width',
  'height',
  'loading',
  'fetchpriority',
  'decoding',
  'aria-label',
  'aria-pressed',
  'aria-hidden',
  'aria-haspopup',
  'aria-expanded',
  'tabindex',
  'type',
  'role',
];

const shape = domShape(ATTRIBUTES);

const site = paintedSiteResponse(input.site);

describe('the painted listing cards are the app’s CarCard (issue 14 first paint)', () => {
  const cards = new DOMParser().parseFromString(painted, 'text/html').querySelectorAll('.results__item > article');
  it('paints a card per hit', () => {
    expect(cards.length).toBe(input.hits.length);
  });
  it.each(input.hits.map((hit, i) => [hit.slug, hit, i] as const))('%s', (_, hit, i) => {
    const { container } = render(
      <MemoryRouter>
        <SiteProvider value={site}>
          <CardActionsProvider value={cardActions}>
            <CarCard car={hit as unknown as Car} now={new Date(input.now)} priority={i === 0} />
          </CardActionsProvider>
        </SiteProvider>
      </MemoryRouter>,
    );
    expect(shape(container.querySelector('article') as Element)).toEqual(shape(cards[i]));
  });

  // Spec 001 §1 "with disclaimers" (issue 33): the words a card's "per
  // week*" refers to sit under the results, painted by Go as the app renders them.
  it('paints the finance fine print under the results as the app renders it', () => {
    const doc = new DOMParser().parseFromString(painted, 'text/html');
    const note = doc.querySelector('.results + .results-fine-print');
    expect(note?.textContent).toMatch(/^\*Repayments are indicative only/);
    const { container } = render(<FinanceFinePrint finance={site.site.finance} />);
    expect(shape(container.firstElementChild as Element)).toEqual(shape(note as Element));
  });
});
