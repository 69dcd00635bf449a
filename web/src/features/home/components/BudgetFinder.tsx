import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BUDGET_MIN_FILTER_PRICE, budgetAmount, budgetEstimate, budgetTooLow, type Frequency } from '../../../lib/budget';
import { formatNumber, formatPrice } from '../../../lib/format';
import type { CarType } from '../../../lib/types';
import { useSite } from '../../../lib/siteContext';
import { baseFilters } from '../../../lib/search/filters';
import { useBudgetCount } from '../hooks/useBudgetCount';
import { routeToURL } from '../../../lib/listingUrl';
import { createSearchClient } from '../../../lib/search/searchClient';
import { useInView } from '../../../lib/useInView';
import './BudgetFinder.css';

const NOUNS: Record<CarType | '', string> = { '': 'Car', new: 'New Car', used: 'Used Car', demo: 'Demo Car' };

type Client = Parameters<typeof useBudgetCount>[0];

/**
 * BudgetFinder turns a repayment and a deposit into a price ceiling (spec 001
 * §2, §4, §5, §9): estimate = repayment x 12 or 52 x term + deposit. When the
 * estimate is under the cheapest car, the button is disabled and reads
 * "0 {car type}s Found"; otherwise it opens the listing up to that price.
 */
export function BudgetFinder({ searchClient }: { searchClient?: Client }) {
  const { site, search, stats } = useSite();
  const cfg = site.budget;
  const id = useId();
  const navigate = useNavigate();
  const client = useMemo(() => searchClient ?? (createSearchClient(search) as unknown as Client), [searchClient, search]);
  const types = site.stock.car_types;

  const [frequency, setFrequency] = useState<Frequency>(cfg.frequency === 'weekly' ? 'weekly' : 'monthly');
  const defaultRepayment = (f: Frequency) => (f === 'weekly' ? cfg.weekly_repayment : cfg.monthly_repayment);
  const [repaymentText, setRepaymentText] = useState(String(defaultRepayment(frequency)));
  const [depositText, setDepositText] = useState(String(cfg.deposit));
  const [carType, setCarType] = useState<CarType | ''>(cfg.car_type && types.includes(cfg.car_type) ? cfg.car_type : types.length === 1 ? types[0] : '');
  const sliderMin = cfg.slider_min;
  const sliderMax = cfg.slider_max;
  const step = cfg.slider_step;

  const repayment = budgetAmount(repaymentText);
  const deposit = budgetAmount(depositText);
  const term = cfg.term_years;
  const estimate = budgetEstimate(repayment, deposit, frequency, term);
  const ceiling = estimate > 0 ? estimate : cfg.fallback_max_price;

  // The shopper's own range, until the estimate changes again.
  const [custom, setCustom] = useState<{ for: number; range: [number, number] } | null>(null);
  const follow: [number, number] = [sliderMin, Math.max(sliderMin, Math.min(sliderMax, ceiling))];
  const range = custom && custom.for === ceiling ? custom.range : follow;
  const pct = (v: number) => `${((v - sliderMin) / (sliderMax - sliderMin || 1)) * 100}%`;
  const move = (thumb: 0 | 1, raw: string) => {
    const v = Number(raw);
    if (!Number.isFinite(v)) return;
    const next: [number, number] = thumb === 0 ? [Math.min(v, range[1]), range[1]] : [range[0], Math.max(v, range[0])];
    setCustom({ for: ceiling, range: next });
  };

  const filter = [baseFilters(site, false), `price > ${BUDGET_MIN_FILTER_PRICE}`, carType ? `car_type:"${carType}"` : ''].filter(Boolean).join(' AND ');
  // The cheapest car of the chosen type above the floor, shipped with the
  // site; a type absent from the stats has no such car (no price at all).
  const shippedMin = stats ? (stats.min_price[carType] ?? 0) : undefined;
  // The count is asked for once the finder is on screen (issue 34: the home
  // page sends no search on load); a browser without IntersectionObserver
  // asks at once, as the finder cannot be used without its count.
  const formRef = useRef<HTMLFormElement>(null);
  const seen = useInView(formRef, '0px');
  const result = useBudgetCount(client, search, filter, range, shippedMin, seen || typeof IntersectionObserver === 'undefined');
  const noun = NOUNS[carType];
  const tooLow = result ? budgetTooLow(estimate, result.minPrice) : false;
  const count = result?.count ?? 0;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (tooLow || count === 0) return;
    const lo = range[0] > sliderMin ? String(range[0]) : '';
    navigate(routeToURL({ lists: carType ? { car_type: [carType] } : undefined, ranges: { price: `${lo}:${range[1]}` } }));
  };

  return (
    <form ref={formRef} className="budget-finder card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find cars for your budget</h2>
      <fieldset className="budget-finder__frequency segmented">
        <legend>Repayments</legend>
        {(['monthly', 'weekly'] as Frequency[]).map((f) => (
          <label key={f}>
            <input
              type="radio"
              name={`${id}-frequency`}
              value={f}
              checked={frequency === f}
              onChange={() => {
                setFrequency(f);
                setRepaymentText(String(defaultRepayment(f)));
              }}
            />
            {f === 'monthly' ? 'Monthly' : 'Weekly'}
          </label>
        ))}
      </fieldset>
      <div className="budget-finder__fields">
        <label>
          <span>{frequency === 'monthly' ? 'Monthly' : 'Weekly'} repayment ($)</span>
          <input inputMode="decimal" value={repaymentText} onChange={(e) => setRepaymentText(e.target.value)} />
        </label>
        <label>
          <span>Deposit ($)</span>
          <input inputMode="decimal" value={depositText} onChange={(e) => setDepositText(e.target.value)} />
        </label>
        {types.length > 1 ? (
          <label>
            <span>Car type</span>
            <select value={carType} onChange={(e) => setCarType(e.target.value as CarType | '')}>
              <option value="">All cars</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {NOUNS[t]}s
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <p className="budget-finder__estimate" aria-live="polite">
        Your budget: <strong>{formatPrice(estimate)}</strong> over a {term}-year loan
      </p>
      <div className="budget-finder__range range">
        <output className="range__values" aria-live="polite">
          Price range: {formatPrice(range[0])} – {formatPrice(range[1])}
        </output>
        {/* One track, two thumbs (components/controls.css), as the listing's price filter. */}
        <div className="range__track" style={{ '--from': pct(range[0]), '--to': pct(range[1]) } as React.CSSProperties}>
          {range.map((v, i) => (
            <input
              key={i}
              type="range"
              aria-label={i ? 'Highest price' : 'Lowest price'}
              aria-valuetext={formatPrice(v)}
              min={sliderMin}
              max={sliderMax}
              step={step}
              value={v}
              onChange={(e) => move(i as 0 | 1, e.target.value)}
            />
          ))}
        </div>
      </div>
      {tooLow ? <p className="budget-finder__none">No {noun.toLowerCase()}s found for this budget</p> : null}
      <button type="submit" className="button button--block" disabled={!result || tooLow || count === 0}>
        {!result ? 'Searching…' : tooLow || count === 0 ? `0 ${noun}s Found` : `Show ${formatNumber(count)} ${count === 1 ? noun : `${noun}s`}`}
      </button>
    </form>
  );
}
