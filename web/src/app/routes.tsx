import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SearchPage } from '../features/listing/components/SearchPage';
import { LISTING_PATH } from '../lib/listingUrl';
import { PageLoading } from '../components/PageLoading';
import { useSite } from '../lib/siteContext';
import { lazyPage } from './lazyPage';

// The car page is its own chunk so the listing's initial JavaScript stays small.
const CarPage = lazyPage(() => import('./CarRoute'));
// The home page (with the budget finder) is not needed to show the listing.
const HomePage = lazyPage(() => import('./HomePage').then((m) => ({ default: m.HomePage })));

/**
 * PAINTED_ROUTES are the pages the server may paint before the scripts run
 * (functions/seo Paint.Route, the #root's data-paint): main.tsx loads the
 * page's chunk before React replaces the painted markup, so the page
 * replaces it in one commit, not the loading placeholder first.
 */
export const PAINTED_ROUTES: Record<string, { preload(): Promise<void> }> = { car: CarPage, home: HomePage };
const ManufacturersPage = lazy(() => import('../features/manufacturers/components/ManufacturersPage'));
const DealershipsPage = lazy(() => import('./LocationRoutes').then((m) => ({ default: m.DealershipsRoute })));
const DealershipSearchPage = lazy(() => import('../features/dealerships/components/DealershipSearchPage'));
const TradeInPage = lazy(() => import('../features/trade-in/components/TradeInPage'));
const FinanceEnquiryPage = lazy(() => import('../features/finance-enquiry/components/FinanceEnquiryPage'));
const SuccessPage = lazy(() => import('../features/leads/components/SuccessPage'));
// The contact page with the locations block composed in (issue 33).
const ContactPage = lazy(() => import('./ContactRoute'));
const BookTestDrivePage = lazy(() => import('../features/leads/components/BookTestDrivePage'));
// Site shell (issue 11): offers, and every other path as a content page of the site (its 404 when it has none).
const OffersRoute = lazy(() => import('./OfferRoutes').then((m) => ({ default: m.OffersRoute })));
const OfferRoute = lazy(() => import('./OfferRoutes').then((m) => ({ default: m.OfferRoute })));
const ContentPage = lazy(() => import('../features/pages/components/ContentPage'));
// Issue 12: sign-in (the Authenticator is a further lazy chunk) and the watchlist.
const SignInPage = lazy(() => import('../features/accounts/components/SignInPage'));
const WatchlistPage = lazy(() => import('../features/accounts/components/WatchlistPage'));
const FavouritesPage = lazy(() => import('../features/accounts/components/FavouritesPage'));
const ComparePage = lazy(() => import('../features/compare/components/ComparePage'));
const LocationRoute = lazy(() => import('./LocationRoutes').then((m) => ({ default: m.LocationRoute })));
const TeamRoute = lazy(() => import('./LocationRoutes').then((m) => ({ default: m.TeamRoute })));

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
const PersonalisedFinancePage = lazy(() => import('../features/personalised-finance/components/PersonalisedFinancePage'));
const SpinToWinRoute = lazy(() => import('../features/personalised-finance/components/SpinToWinRoute'));
const Gated = lazy(() => import('../features/accounts/components/Gated').then((m) => ({ default: m.Gated })));

/** page wraps a lazily loaded page in its loading placeholder. */
function page(element: ReactNode, label?: string) {
  return <Suspense fallback={<PageLoading label={label} />}>{element}</Suspense>;
}

export function AppRoutes() {
  const { site } = useSite();
  return (
    <Routes>
      <Route path="/" element={page(<HomePage />)} />
      <Route path="/search" element={<SearchRedirect />} />
      <Route path="/search/*" element={<SearchPage />} />
      <Route path="/cars" element={<SearchPage />} />
      <Route path="/cars/:slug" element={page(<CarPage />, 'Loading car…')} />
      <Route path="/manufacturers" element={page(<ManufacturersPage />)} />
      <Route path="/dealerships" element={page(<DealershipsPage />)} />
      <Route path="/dealerships/:slug/cars" element={page(<DealershipSearchPage />)} />
      {/* Trade-in and finance enquiry (issue 9, spec 001 §2). */}
      {['/trade-in', '/sell-your-car', '/sell-my-car', '/cars/trade-in'].map((p) => (
        <Route key={p} path={p} element={page(<TradeInPage />)} />
      ))}
      {['/finance', '/finance-enquiry', '/apply-for-finance', '/finance-pre-approval'].map((p) => (
        <Route key={p} path={p} element={page(<FinanceEnquiryPage />)} />
      ))}
      <Route path="/success" element={page(<SuccessPage />)} />
      <Route path="/contact" element={page(<ContactPage />)} />
      <Route path="/contact-us" element={page(<ContactPage />)} />
      <Route path="/contact-us/:slug" element={page(<ContactPage />)} />
      <Route path="/enquiry" element={page(<ContactPage title="General Enquiry" />)} />
      <Route path="/book-test-drive" element={page(<BookTestDrivePage />)} />
      <Route path="/special-offers" element={page(<OffersRoute />)} />
      <Route path="/offers/:manufacturer/:id" element={page(<OfferRoute />)} />
      <Route path="/offers/:id" element={page(<OfferRoute />)} />
      <Route path="/sign-in" element={page(<SignInPage />)} />
      {/* The watchlist (spec 000 §2): the page's path is the site's. */}
      <Route path={site.features.watchlist_path} element={page(<WatchlistPage />)} />
      {/* Local favourites (spec 000 §4): the page's path is the site's. */}
      <Route path={site.features.favourites_path} element={page(<FavouritesPage />)} />
      <Route path="/compare" element={page(<ComparePage />, 'Loading the comparison…')} />
      <Route path="/locations/:slug" element={page(<LocationRoute />, 'Loading location…')} />
      <Route path="/teams/:slug" element={page(<TeamRoute />, 'Loading location…')} />
      {/* Gated routes (spec 001 §5): signed out, to sign-in with type, redirect and back. */}
      {['/cars/:slug/checkout', '/cars/:slug/buy-online'].map((p) => (
        <Route key={p} path={p} element={page(<Gated><CheckoutPage /></Gated>)} />
      ))}
      <Route path="/online-payment" element={page(<Gated><OnlinePaymentPage /></Gated>)} />
      <Route path="/checkout-journey" element={page(<Gated><CheckoutPage /></Gated>)} />
      <Route path="/spin-to-win" element={page(<SpinToWinRoute />)} />
      <Route path="/personalised/finance" element={page(<Gated><PersonalisedFinancePage /></Gated>)} />

      <Route path="/reservations/:id" element={page(<ReservationPage />)} />
      <Route path="*" element={page(<ContentPage />)} />
    </Routes>
  );
}
