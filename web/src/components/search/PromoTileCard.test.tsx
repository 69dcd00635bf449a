// Spec 001 §9 "Tile content per brand": every promo kind, as GET /api/site
// serves it (shared vector promo_kinds.json, checked by Go's
// TestPromoKindVectors), renders as a listing tile with the served words.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import kindCases from '../../../../shared/testdata/vectors/promo_kinds.json';
import type { PromoTile } from '../../lib/types';
import { PromoTileCard } from './PromoTileCard';

describe('promo kinds render as listing tiles (spec 001 §9)', () => {
  it.each(kindCases.map((c) => [c.name, c.want as PromoTile] as const))('%s', (_, tile) => {
    render(
      <MemoryRouter>
        <PromoTileCard tile={tile} />
      </MemoryRouter>,
    );
    const aside = screen.getByRole('complementary', { name: tile.title });
    expect(aside.dataset.kind).toBe(tile.kind);
    expect(screen.getByRole('heading', { name: tile.title })).toBeTruthy();
    if (tile.body) expect(aside.textContent).toContain(tile.body);
    const link = aside.querySelector('a');
    if (tile.link_path) expect(link?.getAttribute('href')).toBe(tile.link_path);
    else expect(link).toBeNull();
  });

  it('covers every kind', () => {
    const kinds = new Set(kindCases.map((c) => c.want.kind));
    expect([...kinds].sort()).toEqual([
      'certified_pre_owned',
      'finance',
      'freight',
      'heritage',
      'protection_plan',
      'quality_assured',
      'trade_in',
      'video_call',
      'warranty',
    ]);
  });

  it('a free-text tile has no kind', () => {
    render(
      <MemoryRouter>
        <PromoTileCard tile={{ id: 'eofy', title: 'EOFY Sale', strictDisplay: false }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('complementary', { name: 'EOFY Sale' }).dataset.kind).toBeUndefined();
  });
});
