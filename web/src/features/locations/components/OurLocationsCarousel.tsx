import { createContext, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSite } from '../../../lib/siteContext';
import type { LocationView } from '../../../lib/types';
import { useLocations } from '../api/getLocations';
import { LocationCard } from './LocationCard';
import { byName } from '../../../lib/compareNames';

const CarouselContext = createContext<{ count: number } | null>(null);

/** CarouselSlide is one slide; it refuses to render outside a Carousel (spec 001 §2), which would lose its snap and labels. */
export function CarouselSlide({ index, children }: { index: number; children: ReactNode }) {
  const ctx = useContext(CarouselContext);
  if (!ctx) throw new Error('CarouselSlide must be used inside OurLocationsCarousel');
  return (
    <li className="carousel__slide" aria-roledescription="slide" aria-label={`${index + 1} of ${ctx.count}`}>
      {children}
    </li>
  );
}

/** Edges says whether a scrolling track can move back or forward (1 px of slack for rounding). */
interface Edges {
  back: boolean;
  forward: boolean;
}

/**
 * useScrollEdges follows a horizontal track's scroll position and size, so
 * the carousel offers arrows only where there is somewhere to go: none when
 * every slide fits, Previous off at the start, Next off at the end.
 */
function useScrollEdges(ref: RefObject<HTMLElement | null>, deps: unknown): Edges {
  const [edges, setEdges] = useState<Edges>({ back: false, forward: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      const next = { back: max > 1 && el.scrollLeft > 1, forward: max > 1 && el.scrollLeft < max - 1 };
      setEdges((e) => (e.back === next.back && e.forward === next.forward ? e : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [ref, deps]);
  return edges;
}

/**
 * OurLocationsCarousel (spec 001 §2): titled from texts.locations_title
 * ('Our Locations'), locations sorted by name, a swipe hint, starting at the
 * second slide (index 1). Scrolling is native (scroll snap), so swipe and
 * keyboard work; the buttons move one slide and show only when the slides
 * overflow the track (with nothing to scroll there is nothing to press).
 */
export function OurLocationsCarousel({ locations }: { locations: LocationView[] }) {
  const { site } = useSite();
  const track = useRef<HTMLUListElement>(null);
  const sorted = [...locations].sort(byName);
  const start = sorted.length > 1 ? 1 : 0;
  useEffect(() => {
    const el = track.current;
    const slide = el?.children[start] as HTMLElement | undefined;
    if (el && slide) el.scrollLeft = slide.offsetLeft - el.offsetLeft;
  }, [start, sorted.length]);
  const edges = useScrollEdges(track, sorted.length);
  if (sorted.length === 0) return null;
  const scrolls = edges.back || edges.forward;
  const move = (dir: number) => {
    const el = track.current;
    if (!el) return;
    const w = (el.children[0] as HTMLElement | undefined)?.offsetWidth ?? el.clientWidth;
    el.scrollBy({ left: dir * w, behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  return (
    <section className="carousel" aria-roledescription="carousel" aria-labelledby="our-locations-title">
      <div className="carousel__head">
        <h2 id="our-locations-title">{site.texts.locations_title}</h2>
        {/* Hidden, not removed, while nothing scrolls: their space stays, so nothing moves when they appear. */}
        <div className="carousel__buttons" style={scrolls ? undefined : { visibility: 'hidden' }}>
          <button type="button" onClick={() => move(-1)} aria-label="Previous location" disabled={!edges.back}>
            ‹
          </button>
          <button type="button" onClick={() => move(1)} aria-label="Next location" disabled={!edges.forward}>
            ›
          </button>
        </div>
      </div>
      <p className="carousel__hint" aria-hidden="true" style={scrolls ? undefined : { visibility: 'hidden' }}>
        Swipe to see more →
      </p>
      <CarouselContext.Provider value={{ count: sorted.length }}>
        <ul
          className="carousel__track"
          ref={track}
          tabIndex={scrolls ? 0 : undefined}
          aria-label={scrolls ? `${site.texts.locations_title}, scroll sideways` : site.texts.locations_title}
        >
          {sorted.map((l, i) => (
            <CarouselSlide key={l.id} index={i}>
              <LocationCard location={l} />
            </CarouselSlide>
          ))}
        </ul>
      </CarouselContext.Provider>
    </section>
  );
}

/**
 * OurLocations loads the site's locations and shows them in the carousel when there are several.
 * On a location page, exclude are its departments' ids: the page itself shows those (issue 32 item 11:
 * the page's own card in the carousel repeated its name, address and hours), and one other place is enough.
 */
export function OurLocations({ exclude }: { exclude?: string[] }) {
  const state = useLocations();
  if (state.status !== 'ready') return null;
  const all = state.data.locations ?? [];
  const locations = exclude ? all.filter((l) => !exclude.includes(l.id)) : all;
  return locations.length > (exclude ? 0 : 1) ? <OurLocationsCarousel locations={locations} /> : null;
}
