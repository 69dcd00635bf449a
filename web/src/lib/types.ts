// Types mirroring the Go domain (shared/site.go, shared/car.go) and the API
// shapes of docs/contracts.md. Only the fields the web reads are listed.

export type CarType = 'new' | 'used' | 'demo';
export type CarStatus = 'in_stock' | 'coming_soon' | 'sold' | string;

export interface ImageRef {
  url: string;
}

export interface Theme {
  primary_color?: string;
  accent_color?: string;
  header_bg?: string;
  header_text?: string;
  font_family?: string;
  border_radius_px?: number;
}

export interface Dealership {
  id: string;
  slug: string;
  name: string;
  url?: string;
  make?: string;
  logo?: ImageRef;
  stock_count?: number;
}

export interface NavItem {
  label: string;
  path: string;
  children?: NavItem[];
}

export interface Texts {
  no_price?: string;
  new_arrival?: string;
  sold_tag?: string;
  new_tag?: string;
  call_text?: string;
  enquire_label?: string;
  find_similar?: string;
}

export interface Features {
  garage?: boolean;
  favourites?: boolean;
  electric_tag?: boolean;
  certified_programme?: string;
}

export interface SearchConfig {
  filters?: string;
  facets?: string[];
  sort_options?: string[];
  price_asc_excludes_zero?: boolean;
  popular_makes?: string[];
  makes_collapsed?: number;
  remember_collapsed?: boolean;
  promo_positions?: number[];
  promo_random_order?: boolean;
  makes_collapsed_to_popular?: boolean;
  badge_filter?: boolean;
  location_filter?: boolean;
  hits_per_page?: number;
}

export interface CardConfig {
  extended_title?: boolean;
  chips?: string[];
  location_overlay?: boolean;
}

export interface PromoTile {
  id: string;
  title: string;
  body?: string;
  image_url?: string;
  alt?: string;
  background?: string;
  link_path?: string;
  display?: CarType[];
  strictDisplay?: boolean;
  start?: string;
  expiry?: string;
  position?: number;
}

export interface BudgetConfig {
  frequency?: 'monthly' | 'weekly';
  monthly_repayment?: number;
  weekly_repayment?: number;
  deposit?: number;
  term_years?: number;
  slider_min?: number;
  slider_max?: number;
  slider_step?: number;
  fallback_max_price?: number;
  car_type?: CarType | '';
}

/** Location mirrors shared.Location (shared/location.go): the fields the web reads. */
export interface Location {
  id: string;
  name: string;
  slug?: string;
  primary?: boolean;
  visible?: boolean;
  location_type?: string;
  dealership_slug?: string;
  contact_detail?: { phone?: string; landline_phone?: string; email?: string };
}

export interface Site {
  slug: string;
  template?: string;
  id?: string;
  name: string;
  logo?: ImageRef;
  manufacturer?: { name: string; slug?: string; logo?: ImageRef };
  theme?: Theme;
  dealerships?: Dealership[];
  locations?: Location[];
  leads?: { email?: string };
  navigation?: NavItem[];
  texts?: Texts;
  phones?: { override?: string; new?: string; used?: string; demo?: string };
  features?: Features;
  search?: SearchConfig;
  card?: CardConfig;
  stock?: { car_types?: CarType[]; sold_retention_days?: number };
  promotions?: PromoTile[];
  budget?: BudgetConfig;
  address?: { street?: string; city?: string; state?: string; postcode?: string };
}

export type SortKey = 'relevance' | 'latest' | 'price_desc' | 'price_asc' | 'km_desc' | 'km_asc';

export interface SearchAccess {
  appId: string;
  apiKey: string;
  host: string;
  index: string;
  sortIndices: Partial<Record<SortKey, string>>;
}

export interface SiteResponse {
  site: Site;
  search: SearchAccess;
}

export interface Variant {
  cylinders?: number;
  enginesize?: number;
  enginesize_litres?: number;
  induction?: string;
  geartype?: string;
  bodyconfiguration?: string;
}

export interface Car {
  id: string;
  slug: string;
  name?: string;
  year: number;
  make: string;
  model: string;
  badge?: string;
  series?: string;
  car_type: CarType;
  status: CarStatus;
  sold?: boolean;
  tag?: string;
  reserved?: boolean;
  certified?: boolean;
  created_at?: string;
  created_at_timestamp?: number;
  price?: number;
  price_type?: string;
  before_price?: number;
  preorder?: boolean;
  stocknum?: string;
  vin?: string;
  regplate?: string;
  rego_expiry?: string;
  km?: number;
  colour?: string;
  seats?: number;
  doors?: number;
  body?: string;
  fuel?: string;
  simple_fuel?: string;
  simple_body?: string;
  simple_transmission?: string;
  transmission?: string;
  trans?: string;
  drive?: string;
  engine_size?: string;
  dealercomments?: string;
  standardEquipment?: string[];
  thumbnails?: string[];
  images?: ImageRef[];
  primary_image_url?: string;
  photos_count?: number;
  dealership_slug?: string;
  dealership_name?: string;
  location?: { name?: string; phone?: string };
  location_name?: string;
  city?: string;
  state?: string;
  autograb_data?: { state_average_market_price?: number; average_market_price?: number };
  variant?: Variant;
  available?: boolean;
}

/** CarView is what the car page shows of a car on the requesting site, computed by the server (shared.CarView). */
export interface CarView {
  price: { text: string; has_price: boolean; was_text: string; below_market: boolean; price_type: string };
  tag: { kind: '' | 'sold' | 'electric' | 'reserved' | 'certified' | 'custom' | 'coming_soon' | 'new'; text: string };
  available: boolean;
  comments: DealerCommentsView;
  phone: string;
  finance?: { provider: string; lender: Record<string, unknown> };
}

/** DealerCommentsView is the comments split on the bar and cut at 400 characters (spec 000 §2). */
export interface DealerCommentsView {
  segments: string[];
  short: string[];
  truncated: boolean;
}

/** CarResponse is the body of GET /api/cars/{slug}. */
export interface CarResponse {
  car: Car;
  view: CarView;
}
