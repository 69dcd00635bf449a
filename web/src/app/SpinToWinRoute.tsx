import { NotFound } from '../components/NotFound';
import { useSite } from '../lib/siteContext';
import ContentPage from '../features/pages/components/ContentPage';

/**
 * SpinToWinRoute is /spin-to-win (spec 001 §2, §5): the site's content page
 * only where features.spin_to_win turns it on, behind sign-in where
 * features.spin_to_win_gated says so (the page table row's gate, applied
 * by routes.tsx); the 404 page elsewhere.
 */
export default function SpinToWinRoute() {
  const { site } = useSite();
  if (!site.features?.spin_to_win) return <NotFound />;
  return <ContentPage />;
}
