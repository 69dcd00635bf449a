// Issue 14 "Images": the srcset names exactly the widths Go serves (shared
// vector image_widths.json), and only for photos /media resizes.
import { describe, expect, it } from 'vitest';
import cases from '../../../shared/testdata/vectors/image_widths.json';
import srcsets from '../../../shared/testdata/vectors/photo_srcset.json';
import { PHOTO_WIDTHS, photoSrcSet } from './photoSrcSet';

describe('photoSrcSet', () => {
  it.each(cases)('$name', ({ input, want }) => {
    expect((PHOTO_WIDTHS as readonly number[]).includes(Number(input.w)) && String(Number(input.w)) === input.w).toBe(want.served);
  });

  it('names every served width once', () => {
    expect(PHOTO_WIDTHS.length).toBe(cases.filter((c) => c.want.served).length);
  });

  // The same URLs as Go's media.SrcSet, which the car page preloads.
  it.each(srcsets)('$name', ({ input, want }) => {
    expect(photoSrcSet(input.src) ?? '').toBe(want.srcset);
  });
});
