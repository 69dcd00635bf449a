import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SearchPage } from '../features/search/components/SearchPage';
import { LISTING_PATH } from '../features/search/routing';
import { NotFound } from '../components/NotFound';

// The car page is its own chunk so the listing's initial JavaScript stays small.
const CarPage = lazy(() => import('../features/car/components/CarPage'));
// The home page (with the budget finder) is not needed to show the listing.
const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));
const ManufacturersPage = lazy(() => import('../features/search/components/ManufacturersPage'));
const DealershipsPage = lazy(() => import('../features/search/components/DealershipsPage'));
const DealershipSearchPage = lazy(() => import('../features/search/components/DealershipSearchPage'));
const loading = <p role="status" className="page-status">Loading…</p>;

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <Suspense fallback={<p role="status" className="page-status">Loading…</p>}>
            <HomePage />
          </Suspense>
        }
      />
      <Route path="/search" element={<Navigate to={LISTING_PATH} replace />} />
      <Route path="/search/*" element={<SearchPage />} />
      <Route path="/cars" element={<SearchPage />} />
      <Route
        path="/cars/:slug"
        element={
          <Suspense fallback={<p role="status" className="page-status">Loading car…</p>}>
            <CarPage />
          </Suspense>
        }
      />
      <Route
        path="/manufacturers"
        element={
          <Suspense fallback={loading}>
            <ManufacturersPage />
          </Suspense>
        }
      />
      <Route
        path="/dealerships"
        element={
          <Suspense fallback={loading}>
            <DealershipsPage />
          </Suspense>
        }
      />
      <Route
        path="/dealerships/:slug/cars"
        element={
          <Suspense fallback={loading}>
            <DealershipSearchPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
