// Issue 14 "Images": the srcset names exactly the widths Go serves (shared
// vector image_widths.json), and only for photos /media resizes.
import { describe, expect, it } from 'vitest';
import cases from '../../../shared/testdata/vectors/image_widths.json';
import { PHOTO_WIDTHS, photoSrcSet } from './photoSrcSet';

describe('photoSrcSet', () => {
  it.each(cases)('$name', ({ input, want }) => {
    expect((PHOTO_WIDTHS as readonly number[]).includes(Number(input.w)) && String(Number(input.w)) === input.w).toBe(want.served);
  });

  it('names every served width once', () => {
    expect(PHOTO_WIDTHS.length).toBe(cases.filter((c) => c.want.served).length);
  });

  it('lists each width for a /media photo and nothing for other images', () => {
    expect(photoSrcSet('/media/cars/c1/1.jpg')).toBe(PHOTO_WIDTHS.map((w) => `/media/cars/c1/1.jpg?w=${w} ${w}w`).join(', '));
    expect(photoSrcSet('/media/demo/suv/white.svg')).toBeUndefined();
    expect(photoSrcSet('https://cdn.example/c1/2.jpg')).toBeUndefined();
  });
});
