import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SearchPage } from '../features/listing/components/SearchPage';
import { LISTING_PATH } from '../lib/listingUrl';
import { NotFound } from '../components/NotFound';
import { PageLoading } from '../components/PageLoading';

// The car page is its own chunk so the listing's initial JavaScript stays small.
const CarPage = lazy(() => import('./CarRoute'));
// The home page (with the budget finder) is not needed to show the listing.
const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));
const ManufacturersPage = lazy(() => import('../features/manufacturers/components/ManufacturersPage'));
const DealershipsPage = lazy(() => import('../features/dealerships/components/DealershipsPage'));
const DealershipSearchPage = lazy(() => import('../features/dealerships/components/DealershipSearchPage'));
// Issue 12: sign-in (the Authenticator is a further lazy chunk) and the watchlist.
const SignInPage = lazy(() => import('../features/accounts/components/SignInPage'));
const WatchlistPage = lazy(() => import('../features/accounts/components/WatchlistPage'));
// Issue 13: reserving online (checkout, then the confirmation).
const CheckoutPage = lazy(() => import('../features/reserve/components/CheckoutPage'));
const ReservationPage = lazy(() => import('../features/reserve/components/ReservationPage'));

/** page wraps a lazily loaded page in its loading placeholder. */
function page(element: ReactNode, label?: string) {
  return <Suspense fallback={<PageLoading label={label} />}>{element}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={page(<HomePage />)} />
      <Route path="/search" element={<Navigate to={LISTING_PATH} replace />} />
      <Route path="/search/*" element={<SearchPage />} />
      <Route path="/cars" element={<SearchPage />} />
      <Route path="/cars/:slug" element={page(<CarPage />, 'Loading car…')} />
      <Route path="/manufacturers" element={page(<ManufacturersPage />)} />
      <Route path="/dealerships" element={page(<DealershipsPage />)} />
      <Route path="/dealerships/:slug/cars" element={page(<DealershipSearchPage />)} />
      <Route path="/sign-in" element={page(<SignInPage />)} />
      <Route path="/watchlist" element={page(<WatchlistPage />)} />
      <Route path="/cars/:slug/checkout" element={page(<CheckoutPage />)} />
      <Route path="/cars/:slug/buy-online" element={page(<CheckoutPage />)} />
      <Route path="/checkout-journey" element={page(<CheckoutPage />)} />
      <Route path="/reservations/:id" element={page(<ReservationPage />)} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
