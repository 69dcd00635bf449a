import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../test/renderWithSite';
import { siteResponse } from '../../../test/fixtures';
import { PromotionsSlider } from './PromotionsSlider';

const now = new Date('2026-11-23T09:00:00Z');

const slides = [
  { id: 'finance', title: 'Finance from 6.99%', image_url: '/media/slides/finance.jpg', alt: 'A family beside a new SUV', strictDisplay: false },
  { id: 'expired', title: 'EOFY Sale', background: '#f97316', start: '2025-07-01', expiry: '2025-08-01', strictDisplay: false },
  { id: 'trade', title: 'Trade in today', background: '#0c4a6e', link_path: '/trade-in', strictDisplay: false },
  { id: 'freight', title: 'Freight anywhere in Australia', background: '#111827', start: '2026-11-01', strictDisplay: false },
];

function renderSlider(overrides: Record<string, unknown> = {}) {
  return renderWithSite(<PromotionsSlider now={now} />, siteResponse({ home: { slides, ...overrides } }));
}

const shown = () => screen.getAllByRole('group', { hidden: false }).filter((g) => !g.hidden);

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home promotions slider (spec 001 §9; issue 17)', () => {
  it('shows only the slides inside their start and expiry, the first as a high-priority 1920 × 540 image', () => {
    renderSlider();
    const carousel = screen.getByRole('region', { name: 'Promotions' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(
      within(carousel)
        .getAllByRole('button', { name: /^Slide \d/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Slide 1: Finance from 6.99%', 'Slide 2: Trade in today', 'Slide 3: Freight anywhere in Australia']);
    const img = screen.getByRole('img', { name: 'A family beside a new SUV' });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('width', '1920');
    expect(img).toHaveAttribute('height', '540');
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toHaveAccessibleName('1 of 3');
  });

  it('moves with the arrow keys, the previous and next buttons and the picker', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    renderSlider();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()[0]).toHaveAccessibleName('2 of 3');
    expect(screen.getByRole('link', { name: /Trade in today/ })).toHaveAttribute('href', '/trade-in');
    await user.keyboard('{ArrowRight}');
    expect(shown()[0]).toHaveAccessibleName('3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()[0]).toHaveAccessibleName('1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(shown()[0]).toHaveAccessibleName('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Slide 2: Trade in today' }));
    expect(shown()[0]).toHaveAccessibleName('2 of 3');
    expect(screen.getByRole('button', { name: 'Slide 2: Trade in today' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()[0]).toHaveAccessibleName('1 of 3');
  });

  it('moves with a swipe on a phone', () => {
    mockReducedMotion(true);
    renderSlider();
    const viewport = shown()[0].parentElement!;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(shown()[0]).toHaveAccessibleName('2 of 3');
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(shown()[0]).toHaveAccessibleName('1 of 3');
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 120 });
    expect(shown()[0]).toHaveAccessibleName('1 of 3');
  });

  it('plays every slide_seconds until the shopper pauses it', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    renderSlider();
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()[0]).toHaveAccessibleName('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    // The click focused nothing inside (fireEvent), so only the pause holds it.
    act(() => vi.advanceTimersByTime(30000));
    expect(shown()[0]).toHaveAccessibleName('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()[0]).toHaveAccessibleName('3 of 3');
  });

  it('never plays for a shopper who asks for reduced motion', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    renderSlider();
    act(() => vi.advanceTimersByTime(60000));
    expect(shown()[0]).toHaveAccessibleName('1 of 3');
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeDisabled();
  });

  it('renders nothing when no slide is running', () => {
    const { container } = renderSlider({ slides: [slides[1]] });
    expect(container).toBeEmptyDOMElement();
  });
});
