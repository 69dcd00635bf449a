// Issue 17's fixed-count widgets through the secondary lookup of spec 000 §7
// (a filter string with a limit), and issue 18's budget: the widget sends no
// search until it scrolls into view, then exactly one.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSearchClient } from '../../test/fakeSearchClient';
import { siteResponse, stock } from '../../test/fixtures';
import { renderWithSite } from '../../test/renderWithSite';
import type { FacetClient } from '../../lib/search/useFacetCounts';
import { CarStrip } from './CarStrip';

/** A controllable IntersectionObserver: `scrollIntoView()` reports every observed element as visible. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.elements.push(el);
  }
  disconnect() {
    this.elements = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static scrollIntoView() {
    for (const o of FakeObserver.all) {
      const entries = o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length > 0) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

/** asFacet: the fake answers the lookup's `{requests}` form too. */
const asFacet = (c: unknown) => c as FacetClient;

function requestsOf(client: ReturnType<typeof fakeSearchClient>) {
  return client.search.mock.calls.map((c) => c[0] as unknown);
}

describe('CarStrip (secondary lookup, issue 17; search budget, issue 18)', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // Issue 32 item 10: the home's latest arrivals grew by a phone's four
  // cards once scrolled to; with the cars the page came with the row shows
  // them from its first render and never searches.
  it('shows the cars it is given at its first render and sends no search, even when scrolled into view', async () => {
    const client = fakeSearchClient(stock(10));
    const given = stock(3);
    renderWithSite(<CarStrip id="latest" title="Latest arrivals" filters="" limit={2} client={asFacet(client)} initial={given} />, siteResponse());
    const list = screen.getByRole('list', { name: 'Latest arrivals' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    await act(async () => FakeObserver.scrollIntoView());
    expect(client.search).not.toHaveBeenCalled();
  });

  // Spec 001 §2 "Book a Test Drive … on one brand for similar cars": the
  // car page hands the strip an action (features.test_drive_for_similar,
  // via the view's similar.test_drive); each card gets it, with its own car.
  it("puts the given action under each card, for that card's car", async () => {
    const user = (await import('@testing-library/user-event')).default.setup();
    const given = stock(3);
    const picked = vi.fn();
    renderWithSite(
      <CarStrip
        id="similar"
        title="Similar cars"
        filters=""
        limit={3}
        initial={given}
        action={(car) => (
          <button type="button" onClick={() => picked(car.id)}>
            Book a Test Drive
          </button>
        )}
      />,
      siteResponse(),
    );
    const list = screen.getByRole('list', { name: 'Similar cars' });
    expect(within(list).getAllByRole('button', { name: 'Book a Test Drive' })).toHaveLength(3);
    const third = within(list).getAllByRole('article')[2].parentElement as HTMLElement;
    await user.click(within(third).getByRole('button', { name: 'Book a Test Drive' }));
    expect(picked).toHaveBeenCalledWith(given[2].id);
  });

  it('sends no search on load and one when scrolled into view, with the site filters, the widget filter and the limit', async () => {
    const client = fakeSearchClient(stock(10));
    const site = siteResponse({ stock: { car_types: ['used'] } });
    renderWithSite(<CarStrip id="similar" title="Similar cars" filters={'make:"Toyota"'} limit={2} client={asFacet(client)} />, site);
    expect(client.search).not.toHaveBeenCalled();

    await act(async () => FakeObserver.scrollIntoView());
    const list = await screen.findByRole('list', { name: 'Similar cars' });
    expect(client.search).toHaveBeenCalledTimes(1);
    const sent = JSON.stringify(requestsOf(client)[0]);
    expect(sent).toContain('"hitsPerPage":2');
    expect(sent).toContain('car_type:\\"used\\"');
    expect(sent).toContain('make:\\"Toyota\\"');
    // Used Toyotas of stock(10): car-0 (Corolla) and car-6 (HiLux).
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual([expect.stringContaining('Corolla'), expect.stringContaining('HiLux')]);

    await act(async () => FakeObserver.scrollIntoView());
    expect(client.search).toHaveBeenCalledTimes(1);
  });

  it('is not busy while it waits to be scrolled to, so the page counts as loaded (the browser suite waits on aria-busy)', async () => {
    const client = fakeSearchClient(stock(10));
    const { container } = renderWithSite(<CarStrip id="latest" title="Latest arrivals" filters="" limit={2} client={asFacet(client)} />);
    expect(container.querySelector('section.car-strip')?.getAttribute('aria-busy')).toBe('false');
    await act(async () => FakeObserver.scrollIntoView());
    await screen.findByRole('list', { name: 'Latest arrivals' });
    expect(container.querySelector('section.car-strip')?.getAttribute('aria-busy')).toBe('false');
  });

  // Issue 17 (late layout shift): the row keeps a card's height
  // (CarStrip.css, any state but ready) from its first render, not only
  // while its search is in flight, so being scrolled to moves nothing.
  it('is marked waiting from its first render until its cars come', async () => {
    const client = fakeSearchClient(stock(10));
    const { container } = renderWithSite(<CarStrip id="latest" title="Latest arrivals" filters="" limit={2} client={asFacet(client)} />);
    const section = () => container.querySelector('section.car-strip');
    expect(section()?.getAttribute('data-state')).toBe('idle');
    await act(async () => FakeObserver.scrollIntoView());
    await screen.findAllByRole('article');
    expect(section()?.getAttribute('data-state')).toBe('ready');
  });

  it("leaves out the page's own car and still lists the limit", async () => {
    const client = fakeSearchClient(stock(10));
    renderWithSite(<CarStrip id="similar" title="Similar cars" filters="" limit={3} exclude="car-0" client={asFacet(client)} />);
    await act(async () => FakeObserver.scrollIntoView());
    const cards = within(await screen.findByRole('list', { name: 'Similar cars' })).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(JSON.stringify(requestsOf(client)[0])).toContain('"hitsPerPage":4');
    const links = cards.map((c) => within(c).getAllByRole('link')[0].getAttribute('href'));
    expect(links).toEqual(['/cars/car-1-toyota-hilux', '/cars/car-2-mazda-cx-5', '/cars/car-3-ford-ranger']);
  });

  it('asks the replica it is given (latest arrivals)', async () => {
    const client = fakeSearchClient(stock(3));
    renderWithSite(
      <CarStrip id="latest" title="Latest arrivals" filters="" limit={4} index="cars_latest" client={asFacet(client)} more={{ to: '/x', label: 'See all' }} />,
    );
    await act(async () => FakeObserver.scrollIntoView());
    await screen.findByRole('list', { name: 'Latest arrivals' });
    expect(JSON.stringify(requestsOf(client)[0])).toContain('"indexName":"cars_latest"');
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/x');
  });

  it('shows nothing when no car matches, and nothing (with a console warning) when the search fails', async () => {
    const empty = fakeSearchClient([]);
    const { container } = renderWithSite(<CarStrip id="a" title="Similar cars" filters="" limit={4} client={asFacet(empty)} />);
    await act(async () => FakeObserver.scrollIntoView());
    expect(container.querySelector('.car-strip')).toBeNull();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = { search: vi.fn().mockRejectedValue(new Error('down')) };
    const second = renderWithSite(<CarStrip id="b" title="Latest arrivals" filters="" limit={4} client={failing} />);
    await act(async () => FakeObserver.scrollIntoView());
    expect(failing.search).toHaveBeenCalledTimes(1);
    expect(second.container.querySelector('.car-strip')).toBeNull();
    expect(warn).toHaveBeenCalledWith('secondary lookup failed', expect.any(Error));
  });

  it('sends nothing where the browser has no IntersectionObserver, or the site sets the count to 0', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    const client = fakeSearchClient(stock(3));
    renderWithSite(<CarStrip id="a" title="Similar cars" filters="" limit={4} client={asFacet(client)} />);
    const off = renderWithSite(<CarStrip id="b" title="Latest arrivals" filters="" limit={0} client={asFacet(client)} />);
    await act(async () => FakeObserver.scrollIntoView());
    expect(client.search).not.toHaveBeenCalled();
    expect(off.container.querySelector('.car-strip')).toBeNull();
  });
});
