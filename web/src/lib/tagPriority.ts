// Tag banner priority (spec 000 §4). The Go twin is shared/tag.go (TagFor);
// both run shared/testdata/vectors/tag_priority.json.
import type { ConfiguredSite } from './siteConfig';

/** NEW_TAG_WINDOW_MS: a car is New for 8 days after created_at (spec 000 §9). */
export const NEW_TAG_WINDOW_MS = 8 * 24 * 3600 * 1000;

export interface TagInput {
  status?: string;
  sold?: boolean;
  reserved?: boolean;
  certified?: boolean;
  car_type?: string;
  make?: string;
  tag?: string;
  simple_fuel?: string;
  created_at?: string;
  created_at_timestamp?: number;
}

/** tagSettingsOf reads a site's tag switches and texts (card and car page alike). */
export function tagSettingsOf(site: ConfiguredSite): TagSettings {
  return {
    electricTag: site.features.electric_tag,
    certifiedProgramme: site.features.certified_programme,
    soldText: site.texts.sold_tag,
    newText: site.texts.new_tag,
  };
}

/** TagSettings are the site's switches and texts, as GET /api/site sends them (defaults applied). */
export interface TagSettings {
  electricTag: boolean;
  /** The make of the certified-used programme; absent when the site has none. */
  certifiedProgramme?: string;
  soldText: string;
  newText: string;
}

/** TagKind: '' is no tag. For 'certified' the card shows the programme's badge; text is its label. */
export type TagKind = '' | 'sold' | 'electric' | 'reserved' | 'certified' | 'custom' | 'coming_soon' | 'new';

export interface Tag {
  kind: TagKind;
  text: string;
}

const ELECTRIC_FUELS = ['Electric', 'Hybrid', 'Plug-in Hybrid'];

/** isAvailable: in_stock or coming_soon and not sold (spec 001 §4). */
export function isAvailable(car: { sold?: boolean; status?: string }): boolean {
  return !car.sold && (car.status === 'in_stock' || car.status === 'coming_soon');
}

/**
 * carTag picks the banner: the sold tag for a car that is not available,
 * otherwise the first of electric/hybrid (when on), RESERVED, certified used of
 * the programme's make, the custom tag, COMING SOON, New (8 days), none.
 */
export function carTag(car: TagInput, settings: TagSettings, now: Date): Tag {
  if (!isAvailable(car)) return { kind: 'sold', text: settings.soldText };
  if (settings.electricTag) {
    const fuel = (car.simple_fuel ?? '').trim().toLowerCase();
    const match = ELECTRIC_FUELS.find((f) => f.toLowerCase() === fuel);
    if (match) return { kind: 'electric', text: match };
  }
  if (car.reserved) return { kind: 'reserved', text: 'RESERVED' };
  const programme = settings.certifiedProgramme ?? '';
  // Both are canonical makes (the feed canonicalises cars', the site config
  // its programme), so a plain comparison ignoring case is the whole rule.
  if (programme && car.certified && car.car_type === 'used' && (car.make ?? '').trim().toLowerCase() === programme.toLowerCase()) {
    return { kind: 'certified', text: `${programme} Certified Pre-Owned` };
  }
  const custom = (car.tag ?? '').trim();
  if (custom) return { kind: 'custom', text: custom };
  if (car.status === 'coming_soon') return { kind: 'coming_soon', text: 'COMING SOON' };
  const created = createdAt(car);
  if (created !== undefined) {
    const age = now.getTime() - created;
    if (age >= 0 && age < NEW_TAG_WINDOW_MS) return { kind: 'new', text: settings.newText };
  }
  return { kind: '', text: '' };
}

function createdAt(car: TagInput): number | undefined {
  if (car.created_at) {
    const t = Date.parse(car.created_at);
    if (!Number.isNaN(t) && !car.created_at.startsWith('0001-')) return t;
  }
  if (car.created_at_timestamp) return car.created_at_timestamp * 1000;
  return undefined;
}
