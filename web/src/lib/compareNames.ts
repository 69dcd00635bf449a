// Names are compared by hand, not with localeCompare: the first
// localeCompare a page makes builds ICU's collator, 6-9 ms of the listing's
// boot on a fast machine (issue 14), to sort a few dozen makes and models.

/** fold drops case and accents: "Škoda" -> "skoda". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * compareNames orders names as a shopper reads an A-Z list: by their letters
 * without case or accents ("audi" beside "Audi", "Škoda" among the S's),
 * then, for names that read the same, by their exact text so the order is
 * stable.
 */
export function compareNames(a: string, b: string): number {
  const fa = fold(a);
  const fb = fold(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** byName orders named things (makes, models, locations) A-Z by compareNames. */
export const byName = (a: { name: string }, b: { name: string }) => compareNames(a.name, b.name);

/** byCount orders facet values most stock first, then A-Z. */
export const byCount = (a: { name: string; count: number }, b: { name: string; count: number }) => b.count - a.count || byName(a, b);
