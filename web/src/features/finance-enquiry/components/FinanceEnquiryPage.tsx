import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { FinanceEnquiryForm } from './FinanceEnquiryForm';

/** FINANCE_FORM_ID is the anchor links open the form at (spec 001 §2: #finance-form). */
export const FINANCE_FORM_ID = 'finance-form';

/**
 * FinanceEnquiryPage serves /finance, /finance-enquiry, /apply-for-finance and
 * /finance-pre-approval (spec 001 §2): it reads preferredDealership,
 * vehiclePriceBudget, car_id and car_type from the query string into the
 * form, and scrolls to the form when the link names #finance-form.
 */
export default function FinanceEnquiryPage() {
  const { pathname, hash } = useLocation();
  const [params] = useSearchParams();
  const preApproval = pathname.replace(/\/+$/, '') === '/finance-pre-approval';
  const title = preApproval ? 'Finance pre-approval' : 'Finance enquiry';
  useDocumentTitle(title);
  const formRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === `#${FINANCE_FORM_ID}`) formRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const carId = params.get('car_id') || undefined;
  return (
    <div className="finance-enquiry">
      <header>
        <h1>{title}</h1>
        <p>
          {preApproval
            ? 'Know what you can spend before you choose: tell us about yourself and the finance team will be in touch about pre-approval.'
            : carId
              ? 'Ask about finance for the car you are looking at and the finance team will be in touch.'
              : 'Tell us your budget and the finance team will be in touch with options.'}
        </p>
      </header>
      <section id={FINANCE_FORM_ID} ref={formRef} aria-labelledby={`${FINANCE_FORM_ID}-heading`} tabIndex={-1}>
        <h2 id={`${FINANCE_FORM_ID}-heading`}>Your details</h2>
        <FinanceEnquiryForm
          key={params.toString()}
          preApproval={preApproval}
          prefill={{
            preferredDealership: params.get('preferredDealership') ?? undefined,
            vehiclePriceBudget: params.get('vehiclePriceBudget') ?? undefined,
            carId,
            carType: params.get('car_type') ?? undefined,
          }}
        />
      </section>
    </div>
  );
}
