// Tag banner priority for live cars (spec 000 §4); sold cars show the sold tag.
// The Go twin is shared/tag.go; both run shared/testdata/vectors/tag_priority.json.

export const NEW_TAG_WINDOW_DAYS = 8;

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

export interface TagSettings {
  electricTag?: boolean;
  certifiedProgramme?: string;
  soldText?: string;
  newText?: string;
}

export type TagKind = 'sold' | 'electric' | 'reserved' | 'certified' | 'custom' | 'coming_soon' | 'new' | 'none';

export interface Tag {
  kind: TagKind;
  text: string;
}

const ELECTRIC_FUELS = new Set(['electric', 'hybrid', 'plug-in hybrid', 'phev']);

export function isSold(car: TagInput): boolean {
  return Boolean(car.sold) || car.status === 'sold';
}

export function carTag(car: TagInput, settings: TagSettings, now: Date): Tag {
  if (isSold(car)) return { kind: 'sold', text: settings.soldText || 'JUST SOLD' };
  const fuel = (car.simple_fuel ?? '').trim().toLowerCase();
  if (settings.electricTag && ELECTRIC_FUELS.has(fuel)) {
    return { kind: 'electric', text: fuel === 'electric' ? 'ELECTRIC' : 'HYBRID' };
  }
  if (car.reserved) return { kind: 'reserved', text: 'RESERVED' };
  const programme = (settings.certifiedProgramme ?? '').trim().toLowerCase();
  if (
    programme &&
    car.certified &&
    car.car_type === 'used' &&
    (car.make ?? '').trim().toLowerCase() === programme
  ) {
    return { kind: 'certified', text: 'CERTIFIED PRE-OWNED' };
  }
  const custom = (car.tag ?? '').trim();
  if (custom) return { kind: 'custom', text: custom };
  if (car.status === 'coming_soon') return { kind: 'coming_soon', text: 'COMING SOON' };
  const created = createdAt(car);
  if (created !== undefined) {
    const ageMs = now.getTime() - created;
    if (ageMs >= 0 && ageMs < NEW_TAG_WINDOW_DAYS * 24 * 3600 * 1000) {
      return { kind: 'new', text: settings.newText || 'New' };
    }
  }
  return { kind: 'none', text: '' };
}

function createdAt(car: TagInput): number | undefined {
  if (car.created_at_timestamp) return car.created_at_timestamp * 1000;
  if (car.created_at) {
    const t = Date.parse(car.created_at);
    if (!Number.isNaN(t)) return t;
  }
  return undefined;
}
