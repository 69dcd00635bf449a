// The site config as GET /api/site sends it: shared.ApplyDefaults
// (shared/siteconfig.go) has given every field with a documented default its
// value, so the web reads those fields and keeps no copy of the defaults.
//
// Declared here, over the names in lib/types.ts, until that file is generated
// from the Go types with these fields required; then these become aliases.
import type { BudgetConfig, CardConfig, CarType, Features, SearchConfig, SearchSettings, Site, SiteResponse, Texts } from './types';

/** SiteTexts are the texts a site overrides (shared.Texts); each has a default. */
export interface SiteTexts extends Texts {
  no_price: string;
  new_arrival: string;
  sold_tag: string;
  new_tag: string;
  call_text: string;
  enquire_label: string;
  submit_label: string;
  used_keyword: string;
  find_similar: string;
  dealer_comments_title: string;
  dealer_comments_pending: string;
  sold_notice: string;
  locations_title: string;
}

export interface ConfiguredSearch extends SearchConfig {
  facets: string[];
  sort_options: string[];
  promo_positions: number[];
  makes_collapsed: number;
  location_filter: boolean;
  hits_per_page: number;
}

export interface ConfiguredBudget extends BudgetConfig {
  frequency: 'monthly' | 'weekly';
  monthly_repayment: number;
  weekly_repayment: number;
  deposit: number;
  term_years: number;
  slider_min: number;
  slider_max: number;
  slider_step: number;
  fallback_max_price: number;
}

/** ConfiguredSite is a Site with its defaulted fields present. */
export interface ConfiguredSite extends Site {
  template: string;
  texts: SiteTexts;
  features: Features & { favourites: boolean };
  search: ConfiguredSearch;
  card: CardConfig & { chips: string[] };
  stock: { car_types: CarType[]; sold_retention_days: number };
  budget: ConfiguredBudget;
}

export interface ConfiguredSiteResponse extends SiteResponse {
  site: ConfiguredSite;
  /** The API always sends the replica of each sort option (its Go map is never nil). */
  search: SearchSettings & { sortIndices: Record<string, string> };
}
