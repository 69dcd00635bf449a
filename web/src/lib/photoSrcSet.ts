// Photos at the widths /media serves (issue 14 "Images"; Go shared.PhotoWidths,
// checked against shared/testdata/vectors/image_widths.json): a srcset lets
// the browser pick the smallest photo that fills the slot.

/** PHOTO_WIDTHS are the ?w= values /media serves, narrowest first. */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

/**
 * photoSrcSet is the srcset of a photo /media resizes (a JPEG or PNG under
 * /media/): WebP at each width, which every supported browser decodes (the
 * src stays the original); undefined for any other image (SVG, another
 * host's URL), which is served at one size. Twin of Go shared.PhotoSrcSet, which
 * the painted pages and their preloads use (vector photo_srcset.json).
 */
export function photoSrcSet(src: string): string | undefined {
  if (!/^\/media\/.+\.(jpe?g|png)$/i.test(src)) return undefined;
  return PHOTO_WIDTHS.map((w) => `${src}?w=${w}&f=webp ${w}w`).join(', ');
}
