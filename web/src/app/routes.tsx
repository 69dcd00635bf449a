import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SearchPage } from '../features/listing/components/SearchPage';
import { LISTING_PATH } from '../lib/listingUrl';
import { NotFound } from '../components/NotFound';
import { PageLoading } from '../components/PageLoading';

// The car page is its own chunk so the listing's initial JavaScript stays small.
const CarPage = lazy(() => import('./CarRoute'));
// The home page (with the budget finder) is not needed to show the listing.
const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));
const ManufacturersPage = lazy(() => import('../features/manufacturers/components/ManufacturersPage'));
const DealershipsPage = lazy(() => import('./LocationRoutes').then((m) => ({ default: m.DealershipsRoute })));
const DealershipSearchPage = lazy(() => import('../features/dealerships/components/DealershipSearchPage'));
const LocationRoute = lazy(() => import('./LocationRoutes').then((m) => ({ default: m.LocationRoute })));
const TeamRoute = lazy(() => import('./LocationRoutes').then((m) => ({ default: m.TeamRoute })));

/** SearchRedirect sends /search to the listing keeping its query (the budget finder's /search?price=a:b, spec 001 §2). */
function SearchRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`${LISTING_PATH}${search}${hash}`} replace />;
}

/** page wraps a lazily loaded page in its loading placeholder. */
function page(element: ReactNode, label?: string) {
  return <Suspense fallback={<PageLoading label={label} />}>{element}</Suspense>;
}

export function AppRoutes() {
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
      <Route path="/locations/:slug" element={page(<LocationRoute />, 'Loading location…')} />
      <Route path="/teams/:slug" element={page(<TeamRoute />, 'Loading location…')} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
