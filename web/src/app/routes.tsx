import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LISTING_PATH } from '../lib/listingUrl';
import { PAGES, type PaintKind } from '../lib/types';
import { PageLoading } from '../components/PageLoading';
import { useSite } from '../lib/siteContext';
import { lazyPage } from './lazyPage';

// The car page is its own chunk so the listing's initial JavaScript stays small.
const CarPage = lazyPage(() => import('./CarRoute'));
// The home page (with the budget finder) is not needed to show the listing.
const HomePage = lazyPage(() => import('./HomePage').then((m) => ({ default: m.HomePage })));
// The location page is painted too (issue 34).
const LocationRoute = lazyPage(() => import('./LocationRoutes').then((m) => ({ default: m.LocationRoute })));
// The listing (InstantSearch and the search client) is painted too, and out of the entry chunk: a page
// that shows no cars (sign-in, finance, a content page) does not load it (issue 34, <= 100 KB).
const SearchPage = lazyPage(() => import('../features/listing/components/SearchPage').then((m) => ({ default: m.SearchPage })));

const ManufacturersPage = lazyPage(() => import('../features/manufacturers/components/ManufacturersPage'));
const DealershipsPage = lazyPage(() => import('./LocationRoutes').then((m) => ({ default: m.DealershipsRoute })));
const DealershipSearchPage = lazyPage(() => import('../features/dealerships/components/DealershipSearchPage'));
const TradeInPage = lazyPage(() => import('../features/trade-in/components/TradeInPage'));
const FinanceEnquiryPage = lazyPage(() => import('../features/finance-enquiry/components/FinanceEnquiryPage'));
const SuccessPage = lazy(() => import('../components/forms/SuccessPage'));
// The contact page with the locations block composed in (issue 33).
const ContactPage = lazyPage(() => import('./ContactRoute'));
/** EnquiryPage is the contact page titled for a general enquiry. */
const EnquiryPage = lazyPage(() => import('./ContactRoute').then((m) => ({ default: () => <m.default title="General Enquiry" /> })));
const BookTestDrivePage = lazyPage(() => import('../features/leads/components/BookTestDrivePage'));
// Site shell (issue 11): offers, and every other path as a content page of the site (its 404 when it has none).
const OffersRoute = lazyPage(() => import('./OfferRoutes').then((m) => ({ default: m.OffersRoute })));
const OfferRoute = lazyPage(() => import('./OfferRoutes').then((m) => ({ default: m.OfferRoute })));
const ContentPage = lazyPage(() => import('../features/pages/components/ContentPage'));
// Issue 12: sign-in (the Authenticator is a further lazy chunk) and the watchlist.
// Its Authenticator chunk too, so the painted page is replaced by the whole form at once (issue 34).
const SignInPage = lazyPage(() =>
  import('../features/accounts/components/SignInPage').then(async (m) => {
    await m.preloadPanel();
    return m;
  }),
);
const WatchlistPage = lazy(() => import('../features/accounts/components/WatchlistPage'));
const FavouritesPage = lazy(() => import('../features/accounts/components/FavouritesPage'));
const ComparePage = lazyPage(() => import('../features/compare/components/ComparePage'));

const TeamRoute = lazyPage(() => import('./LocationRoutes').then((m) => ({ default: m.TeamRoute })));
/**
 * PAINTED_ROUTES are the pages the server may paint before the scripts run
 * (functions/seo Paint.Route, the #root's data-paint): main.tsx loads the
 * page's chunk before React replaces the painted markup, so the page
 * replaces it in one commit, not the loading placeholder first.
 */
export const PAINTED_ROUTES: Record<PaintKind, { preload(): Promise<void> }> = {
  car: CarPage,
  home: HomePage,
  location: LocationRoute,
  listing: SearchPage,
  // The other pages the page table paints, by their route.Paint (issue 34).
  offers: OffersRoute,
  offer: OfferRoute,
  content: ContentPage,
  finance: FinanceEnquiryPage,
  'trade-in': TradeInPage,
  contact: ContactPage,
  enquiry: EnquiryPage,
  'contact-location': ContactPage,
  'book-test-drive': BookTestDrivePage,
  'sign-in': SignInPage,
  dealerships: DealershipsPage,
  manufacturers: ManufacturersPage,
  compare: ComparePage,
  team: TeamRoute,
  'dealership-cars': DealershipSearchPage,
};

/** SearchRedirect sends /search to the listing keeping its query (the budget finder's /search?price=a:b, spec 001 §2). */
function SearchRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`${LISTING_PATH}${search}${hash}`} replace />;
}
// Issue 13: reserving online (checkout, then the confirmation).
const CheckoutPage = lazy(() => import('../features/reserve/components/CheckoutPage'));
const ReservationPage = lazy(() => import('../features/reserve/components/ReservationPage'));
const OnlinePaymentPage = lazy(() => import('../features/reserve/components/OnlinePaymentPage'));
// Issue 17: the pages behind the personalised finance and spin-to-win routes.
const PersonalisedFinancePage = lazy(() => import('../features/finance-enquiry/components/PersonalisedFinancePage'));
const SpinToWinRoute = lazy(() => import('./SpinToWinRoute'));
const Gated = lazy(() => import('../features/accounts/components/Gated').then((m) => ({ default: m.Gated })));

type Row = (typeof PAGES)[number];
/** PageKey is how the web knows a page of the table: its first path, or the site's features field holding its path. */
type PageKey = Row extends infer R ? (R extends { site_path: infer S } ? S : R extends { paths: readonly [infer F, ...unknown[]] } ? F : never) : never;

/**
 * PAGE_COMPONENTS maps each page of the page table (route.Pages, PAGES in
 * types.ts), by its key, to its component and loading label; `null`
 * renders it without a loading boundary (the /search redirect, in the entry chunk).
 * Adding a page is its row in Go and its entry here (routes.test.tsx checks
 * both ways).
 */
export const PAGE_COMPONENTS: Record<PageKey, [ComponentType, (string | null)?]> = {
  '/': [HomePage],
  '/search': [SearchRedirect, null],
  '/search/*': [SearchPage, 'Loading cars…'],
  '/trade-in': [TradeInPage],
  '/cars/:slug/checkout': [CheckoutPage],
  '/cars/:slug': [CarPage, 'Loading car…'],
  '/manufacturers': [ManufacturersPage],
  '/dealerships': [DealershipsPage],
  '/dealerships/:slug/cars': [DealershipSearchPage],
  '/finance': [FinanceEnquiryPage],
  '/success': [SuccessPage],
  '/contact-us': [ContactPage],
  '/contact-us/:slug': [ContactPage],
  '/enquiry': [EnquiryPage],
  '/book-test-drive': [BookTestDrivePage],
  '/special-offers': [OffersRoute],
  '/offers/:manufacturer/:id': [OfferRoute],
  '/sign-in': [SignInPage],
  watchlist_path: [WatchlistPage],
  favourites_path: [FavouritesPage],
  '/compare': [ComparePage, 'Loading the comparison…'],
  '/locations/:slug': [LocationRoute, 'Loading location…'],
  '/teams/:slug': [TeamRoute, 'Loading location…'],
  '/online-payment': [OnlinePaymentPage],
  '/checkout-journey': [CheckoutPage],
  '/spin-to-win': [SpinToWinRoute],
  '/personalised/finance': [PersonalisedFinancePage],
  '/reservations/:id': [ReservationPage],
  '/*': [ContentPage],
};

/** element is a page's component, behind sign-in where its row gates it (spec 001 §5), in its loading placeholder. */
function element(key: PageKey, gate?: string, feature?: string) {
  const [Page, label] = PAGE_COMPONENTS[key];
  if (label === null) return <Page />;
  return (
    <Suspense fallback={<PageLoading label={label} />}>
      {gate ? (
        <Gated gate={gate} feature={feature}>
          <Page />
        </Gated>
      ) : (
        <Page />
      )}
    </Suspense>
  );
}

export function AppRoutes() {
  const { site } = useSite();
  return (
    <Routes>
      {PAGES.flatMap((p) => {
        const key = ('site_path' in p ? p.site_path : p.paths[0]) as PageKey;
        const gate = 'gate' in p ? p.gate : undefined;
        const feature = 'feature' in p ? p.feature : undefined;
        return ('site_path' in p ? [(site.features as unknown as Record<string, string>)[p.site_path]] : p.paths).map((path) => (
          <Route key={path} path={path} element={element(key, gate, feature)} />
        ));
      })}
    </Routes>
  );
}
