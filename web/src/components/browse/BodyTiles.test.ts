import { describe, expect, it } from 'vitest';
import { bodyTiles, BODY_TILE_LIMIT, CUSTOM_BODY_TILE_LIMIT } from './BodyTiles';

const counts = ['SUV', 'Sedan', 'Hatch', 'Ute', 'Wagon', 'Van', 'Coupe'].map((name, i) => ({ name, count: 100 - i }));

describe('body tiles (spec 001 §9: default limit 4, 20 with custom bodies)', () => {
  it('shows the 4 most common bodies by default', () => {
    expect(bodyTiles(counts, undefined).map((b) => b.name)).toEqual(['SUV', 'Sedan', 'Hatch', 'Ute']);
    expect(BODY_TILE_LIMIT).toBe(4);
  });

  it("shows the site's custom bodies in its order, those in stock, up to 20", () => {
    expect(bodyTiles(counts, ['van', 'Coupe', 'Convertible', 'SUV', 'Wagon', 'Ute']).map((b) => b.name)).toEqual(['Van', 'Coupe', 'SUV', 'Wagon', 'Ute']);
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `B${i}`, count: 1 }));
    expect(
      bodyTiles(
        many,
        many.map((b) => b.name),
      ),
    ).toHaveLength(CUSTOM_BODY_TILE_LIMIT);
  });
});
