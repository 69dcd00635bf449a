// The site config as GET /api/site sends it: shared.ApplyDefaults
// (shared/siteconfig.go) has given every field with a documented default its
// value, so the web reads those fields and keeps no copy of the defaults.
//
// lib/types.ts is generated from the Go types: a field Go sends always is
// required there. The lists and numbers below carry omitempty in Go (a
// tenant file may leave them out) but ApplyDefaults fills them, so the
// configured types say so.
import type { BudgetConfig, CardConfig, CarType, Features, SearchConfig, SearchSettings, Site, SiteResponse, SiteStats, Texts } from './types';

/** SiteTexts are the texts a site overrides (shared.Texts); Go sends each, defaulted. */
export type SiteTexts = Texts;

export interface ConfiguredSearch extends SearchConfig {
  facets: string[];
  sort_options: string[];
  promo_positions: number[];
  makes_collapsed: number;
  location_filter: boolean;
  hits_per_page: number;
}

/** ConfiguredBudget is the generated BudgetConfig (every figure required) with its frequency narrowed. */
export type ConfiguredBudget = BudgetConfig & { frequency: 'monthly' | 'weekly' };

/** ConfiguredSite is a Site with its defaulted fields present. */
export interface ConfiguredSite extends Site {
  template: string;
  texts: SiteTexts;
  features: Features & { favourites: boolean };
  search: ConfiguredSearch;
  card: CardConfig & { chips: string[] };
  stock: { car_types: CarType[]; listing_path: string; sold_retention_days: number; max_age_years?: number };
  budget: ConfiguredBudget;
}

export interface ConfiguredSiteResponse extends SiteResponse {
  site: ConfiguredSite;
  /** The API always sends the replica of each sort option (its Go map is never nil). */
  search: SearchSettings & { sortIndices: Record<string, string> };
  /** Stats' maps are never nil in Go (sitestats.Compute makes each one). */
  stats: (SiteStats & { facets: Record<string, Record<string, number>>; min_price: Record<string, number> }) | null;
}
