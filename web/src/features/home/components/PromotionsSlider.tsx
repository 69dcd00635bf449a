import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { isActive } from '../../../lib/search/promos';
import type { PromoTile } from '../../../lib/types';
import './PromotionsSlider.css';

const SWIPE_PX = 40;

/**
 * PromotionsSlider is the home page's carousel of the site's promotions
 * (spec 001 §9: 1920 × 540 by default; issue 17). Slides outside their start
 * and expiry are left out when the page is viewed (isActive, the twin of Go
 * PromoActive). It follows the WAI-ARIA carousel pattern: previous, next,
 * a picker and a pause button; arrow keys and swipes move; autoplay stops on
 * hover, on focus inside, on pause, and never starts for reduced motion.
 */
export function PromotionsSlider({ now = new Date() }: { now?: Date }) {
  const { site } = useSite();
  const home = site.home;
  const day = now.toISOString().slice(0, 10);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the day, not the instant, decides the slides
  const slides = useMemo(() => (home.slides ?? []).filter((s) => isActive(s, now)), [home.slides, day]);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false); // hover or focus inside
  const swipeFrom = useRef<number | null>(null);

  const count = slides.length;
  const playing = count > 1 && !paused && !held && !reducedMotion;
  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), home.slide_seconds * 1000);
    return () => window.clearInterval(id);
  }, [playing, count, home.slide_seconds]);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const go = (to: number) => setIndex(((to % count) + count) % count);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(current + 1);
    else if (e.key === 'ArrowLeft') go(current - 1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || Math.abs(e.clientX - from) < SWIPE_PX) return;
    go(e.clientX < from ? current + 1 : current - 1);
  };

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label="Promotions"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div
        className="slider__viewport"
        style={{ aspectRatio: `${home.slide_width} / ${home.slide_height}` }}
        aria-live={playing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {slides.map((slide, i) => (
          <Slide key={slide.id} slide={slide} position={i} count={count} current={i === current} width={home.slide_width} height={home.slide_height} />
        ))}
      </div>
      {count > 1 && (
        <div className="slider__controls">
          <button type="button" className="slider__button" onClick={() => setPaused((p) => !p)} disabled={reducedMotion}>
            {paused || reducedMotion ? 'Play slides' : 'Pause slides'}
          </button>
          <button type="button" className="slider__button" aria-label="Previous slide" onClick={() => go(current - 1)}>
            ‹
          </button>
          <ol className="slider__picker" aria-label="Choose a slide">
            {slides.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="slider__dot"
                  aria-label={`Slide ${i + 1}: ${s.title}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
          <button type="button" className="slider__button" aria-label="Next slide" onClick={() => go(current + 1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}

interface SlideProps {
  slide: PromoTile;
  position: number;
  count: number;
  current: boolean;
  width: number;
  height: number;
}

/** Slide is one promotion; the first is the page's LCP image, so it loads eagerly at high priority. */
function Slide({ slide, position, count, current, width, height }: SlideProps) {
  const first = position === 0;
  const text = (
    <div className="slide__text">
      <p className="slide__title">{slide.title}</p>
      {slide.body && <p className="slide__body">{slide.body}</p>}
    </div>
  );
  return (
    <div
      className="slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      hidden={!current}
      style={slide.background ? { background: slide.background } : undefined}
    >
      {slide.image_url && (
        <img
          className="slide__image"
          src={slide.image_url}
          alt={slide.alt ?? ''}
          width={width}
          height={height}
          sizes="100vw"
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding={first ? 'sync' : 'async'}
        />
      )}
      {slide.link_path ? (
        slide.link_path.startsWith('/') ? (
          <Link className="slide__link" to={slide.link_path}>
            {text}
          </Link>
        ) : (
          <a className="slide__link" href={slide.link_path}>
            {text}
          </a>
        )
      ) : (
        text
      )}
    </div>
  );
}
