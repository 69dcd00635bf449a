// The built-in manufacturer list (spec 001 §3), read from the same file Go
// embeds (shared/manufacturers.json); manufacturer_names.json keeps the two
// lookups in step.
import table from '../../../shared/manufacturers.json';
import type { Manufacturer } from './types';

interface Row {
  id: string;
  name: string;
  slug: string;
  logo: { url: string };
  aliases?: string[];
}

/** squash is Go's shared.Squash: lower case, letters and digits only. */
function squash(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{Nd}]/gu, '');
}

const rows: Row[] = table;
const index = new Map<string, Row>();
for (const r of rows) {
  for (const key of [r.name, r.slug, ...(r.aliases ?? [])]) index.set(squash(key), r);
}

/**
 * manufacturerNamed finds a manufacturer by any spelling of its name, its
 * slug or an alias ("TOYOTA", "land-rover", "VW"); twin of Go's
 * shared.ManufacturerNamed.
 */
export function manufacturerNamed(raw: string): Manufacturer | undefined {
  const r = index.get(squash(raw));
  return r ? { id: r.id, name: r.name, slug: r.slug, logo: { url: r.logo.url } } : undefined;
}
