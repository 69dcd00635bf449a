import { useSearchParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { PageLoading } from '../../../components/PageLoading';
import { carTitle } from '../../../lib/carTitle';
import { useSite } from '../../../lib/siteContext';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useResource } from '../../../lib/useResource';
import { shopperProfile, type ShopperProfile } from '../../../lib/shopper/amplify';
import { useCarByIdQuery } from '../../../lib/getCar';
import { FinanceCalculator } from '../../../components/finance/FinanceCalculator';
import { FinanceEnquiryForm } from './FinanceEnquiryForm';
import { CalculatorSummary, calculatorFigures, FINANCE_FORM_ID } from './FinanceEnquiryPage';

export const PERSONALISED_FINANCE_PATH = '/personalised/finance';

/** useShopperProfile loads the signed-in shopper's contact details once; null until known or when signed out. */
function useShopperProfile(): ShopperProfile | null | 'loading' {
  const { auth } = useSite();
  // shopperProfile answers null rather than failing (signed out, or no token).
  const profile = useResource(`profile ${auth?.userPoolId ?? ''}`, () => shopperProfile(auth));
  return profile.status === 'ready' ? profile.data : profile.status === 'error' ? null : 'loading';
}

/**
 * PersonalisedFinancePage is /personalised/finance?car_id= (spec 001 §2,
 * gated): the finance calculator for that car (its price) and the finance
 * enquiry about it, the contact fields filled from the signed-in shopper.
 * Apply for finance stays on this page, carrying the figures into the form.
 */
export default function PersonalisedFinancePage() {
  const [params] = useSearchParams();
  const carId = params.get('car_id') ?? '';
  const car = useCarByIdQuery(carId);
  const profile = useShopperProfile();
  const title = car.status === 'ready' ? `Your finance for the ${carTitle(car.data.car)}` : 'Your finance';
  useDocumentTitle(title);
  if (!carId) return <NotFound title="Choose a car first" />;
  if (car.status === 'loading' || profile === 'loading') return <PageLoading label="Loading your finance…" />;
  if (car.status === 'error') return <NotFound title="This car is no longer available" />;
  const figures = calculatorFigures(params);
  const c = car.data.car;
  return (
    <div className="finance-enquiry">
      <header>
        <h1>{title}</h1>
        <p>Work out your repayments, then send the finance team your enquiry about this car.</p>
      </header>
      <FinanceCalculator price={c.price || undefined} carId={c.id} applyBase={PERSONALISED_FINANCE_PATH} />
      <section id={FINANCE_FORM_ID} aria-labelledby={`${FINANCE_FORM_ID}-heading`} tabIndex={-1}>
        <h2 id={`${FINANCE_FORM_ID}-heading`}>Your details</h2>
        {figures && <CalculatorSummary figures={figures} />}
        <FinanceEnquiryForm
          key={params.toString()}
          preApproval={false}
          prefill={{
            carId: c.id,
            carType: c.car_type,
            preferredDealership: c.dealership_slug,
            vehiclePriceBudget: figures ? String(figures.price) : c.price ? String(Math.round(c.price)) : undefined,
            calculator: figures,
            contact: profile ? Object.fromEntries(Object.entries(profile).filter(([, v]) => v)) : undefined,
          }}
        />
      </section>
    </div>
  );
}
