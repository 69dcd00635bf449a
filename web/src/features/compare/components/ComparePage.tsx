import { Fragment, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { imageOf } from '../../../lib/carTitle';
import { carPath } from '../../../lib/listingUrl';
import { useSite } from '../../../lib/siteContext';
import { useResource } from '../../../lib/useResource';
import type { Car, CompareRow, Comparison } from '../../../lib/types';
import { getComparison } from '../api/getComparison';
import { comparePath, useCompareList } from '../lib/compareList';
import './compare.css';

const GROUPS: { id: string; title: string }[] = [
  { id: 'overview', title: 'Overview' },
  { id: 'specifications', title: 'Key specifications' },
  { id: 'features', title: 'Features' },
];

/** idsOf reads /compare?cars=a,b,c: the ids in order, blanks and repeats dropped. */
export function idsOf(param: string | null): string[] {
  const ids: string[] = [];
  for (const id of (param ?? '').split(',').map((s) => s.trim())) if (id && !ids.includes(id)) ids.push(id);
  return ids;
}

/** ComparePage shows the cars of the URL side by side, rows they differ in highlighted (spec 000 §4). */
export default function ComparePage() {
  const { site } = useSite();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { remove } = useCompareList(site.slug);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = idsOf(params.get('cars'));
  const key = ids.join(',');
  const res = useResource<Comparison | null>(key, (signal) => (ids.length ? getComparison(ids, signal) : Promise.resolve(null)));
  // While a removal's new answer loads, the table stays, less that car.
  const last = useRef<Comparison | null>(null);
  if (res.status === 'ready') last.current = res.data;
  const shown = res.status === 'ready' ? res.data : res.status === 'loading' && last.current ? only(last.current, ids) : null;

  // Remove takes the car out of this comparison (the URL, whose new answer
  // re-marks the rows) and out of the picks, without a reload (issue 32 item 12).
  const onRemove = (id: string) => {
    remove(id);
    const rest = ids.filter((i) => i !== id);
    navigate(rest.length ? comparePath(rest) : '/compare', { replace: true });
    heading.current?.focus();
  };

  return (
    <div className="page compare">
      <h1 ref={heading} tabIndex={-1}>
        Compare cars
      </h1>
      {res.status === 'loading' && !shown ? <p role="status">Loading the comparison…</p> : null}
      {res.status === 'error' ? <p role="alert">{res.error.message}</p> : null}
      {res.status === 'ready' && (!res.data || (res.data.cars ?? []).length === 0) ? (
        <p>
          No cars to compare. Tick Compare on two or more cars, then open the comparison. <Link to="/cars">Browse cars</Link>
        </p>
      ) : null}
      {shown && (shown.cars ?? []).length > 0 ? <CompareTable comparison={shown} newArrival={site.texts.new_arrival} onRemove={onRemove} /> : null}
    </div>
  );
}

/** only keeps the columns of the cars still in ids. */
function only(c: Comparison, ids: string[]): Comparison {
  const keep = (c.cars ?? []).map((car) => ids.includes(car.id));
  return {
    cars: (c.cars ?? []).filter((_, i) => keep[i]),
    rows: (c.rows ?? []).map((r) => ({ ...r, values: (r.values ?? []).filter((_, i) => keep[i]) })),
  };
}

function CompareTable({ comparison, newArrival, onRemove }: { comparison: Comparison; newArrival: string; onRemove: (id: string) => void }) {
  const cars = comparison.cars ?? [];
  const rows = comparison.rows ?? [];
  // A labelled region that scrolls sideways by itself, so the page never does
  // (issue 32 item 12): the labels column stays put while the cars scroll.
  return (
    <div className="compare__scroll" role="region" aria-label="Cars compared side by side" tabIndex={0}>
      <table className="compare__table" style={{ ['--compare-cols' as string]: cars.length }}>
        <caption className="visually-hidden">Cars side by side; rows where they differ are marked</caption>
        <thead>
          <tr>
            <td />
            {cars.map((c) => {
              // The card's rule: a placeholder photo is no photo.
              const image = imageOf({ primary_image_url: c.primary_image_url } as Car);
              return (
                <th key={c.id} scope="col">
                  {image ? (
                    <img src={image} alt="" width={240} height={160} loading="lazy" />
                  ) : (
                    <span className="compare__no-photo car-card__new-arrival" aria-hidden="true">
                      <strong>{newArrival}</strong>
                      <span>Photos coming soon</span>
                    </span>
                  )}
                  <Link to={carPath(c.slug)}>{c.title}</Link>
                  {!c.available ? <strong className="compare__sold">SOLD</strong> : null}
                  <span className="compare__car-actions">
                    {c.available ? (
                      <Link className="button compare__enquire" to={`${carPath(c.slug)}#enquire`} aria-label={`Enquire about ${c.title}`}>
                        Enquire
                      </Link>
                    ) : null}
                    <button
                      type="button"
                      className="button button--ghost compare__remove"
                      onClick={() => onRemove(c.id)}
                      aria-label={`Remove ${c.title} from the comparison`}
                    >
                      Remove
                    </button>
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        {GROUPS.map((g) => {
          const groupRows = rows.filter((r) => r.group === g.id);
          if (groupRows.length === 0) return null;
          return (
            <tbody key={g.id}>
              <tr className="compare__group">
                <th scope="colgroup" colSpan={cars.length + 1}>
                  {g.title}
                </th>
              </tr>
              {groupRows.map((r) => (
                <Row key={r.key} row={r} feature={g.id === 'features'} />
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

function Row({ row, feature }: { row: CompareRow; feature: boolean }) {
  return (
    <tr className={row.differs ? 'compare__row compare__row--differs' : 'compare__row'}>
      <th scope="row">
        {row.label}
        {row.differs ? <span className="visually-hidden"> (differs)</span> : null}
      </th>
      {(row.values ?? []).map((v, i) => (
        <td key={i}>
          {feature ? (
            v ? (
              <Fragment>
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden">{v}</span>
              </Fragment>
            ) : (
              <span className="compare__none">
                <span aria-hidden="true">–</span>
                <span className="visually-hidden">No</span>
              </span>
            )
          ) : (
            v || <span className="compare__none">–</span>
          )}
        </td>
      ))}
    </tr>
  );
}
