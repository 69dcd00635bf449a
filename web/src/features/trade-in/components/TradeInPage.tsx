import { Navigate, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSite } from '../../../lib/siteContext';
import { TradeInFaq } from './TradeInFaq';
import { TradeInForm } from './TradeInForm';

/** CAR_TRADE_IN_PATH is the trade-in against one of the dealer's cars: /cars/trade-in?car_id={id}. */
export const CAR_TRADE_IN_PATH = '/cars/trade-in';

/**
 * TradeInPage serves the trade-in routes of spec 001 §2: the site's own entry
 * point (features.trade_in_path), the other entry points redirecting to it,
 * and /cars/trade-in?car_id= for a trade-in against a car. A site with
 * trade-in turned off has no such page.
 */
export default function TradeInPage() {
  const { site } = useSite();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const selling = pathname !== CAR_TRADE_IN_PATH && site.features.trade_in_path !== '/trade-in';
  // No valuation source exists, so the page promises an appraisal, not a
  // figure (issue 32 item 14; docs/spec-deviations.md).
  const title = selling ? 'Sell your car' : 'Get a trade-in appraisal';
  useDocumentTitle(title);
  if (!site.features.trade_in) return <NotFound />;
  const path = pathname.replace(/\/+$/, '');
  if (path !== CAR_TRADE_IN_PATH && path !== site.features.trade_in_path) {
    return <Navigate to={{ pathname: site.features.trade_in_path, search: params.toString() ? `?${params}` : '' }} replace />;
  }
  const carId = path === CAR_TRADE_IN_PATH ? params.get('car_id') || undefined : undefined;
  const query = Object.fromEntries(params.entries());
  return (
    <div className="trade-in">
      <header>
        {/* "trade-in" is one word: a phone must not break it at its hyphen (issue 32). */}
        <h1>
          {selling ? (
            title
          ) : (
            <>
              Get a <span className="trade-in__word">trade-in</span> appraisal
            </>
          )}
        </h1>
        <p>
          {carId
            ? 'Tell us about your car in three short steps. The dealership will appraise it against the car you are looking at and contact you with a value.'
            : 'Tell us about your car in three short steps. The dealership will appraise it and contact you with a value: a fair figure needs a person to look at the details, so none is given online.'}
        </p>
      </header>
      <TradeInForm key={carId ?? ''} carId={carId} query={query} />
      <TradeInFaq />
    </div>
  );
}
