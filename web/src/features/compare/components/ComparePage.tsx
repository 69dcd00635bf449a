import { Fragment } from 'react';
import { Link, useSearchParams } from 'react-router';
import { carPath } from '../../../lib/listingUrl';
import { useResource } from '../../../lib/useResource';
import type { CompareRow, Comparison } from '../../../lib/types';
import { getComparison } from '../api/getComparison';
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
  const [params] = useSearchParams();
  const ids = idsOf(params.get('cars'));
  const key = ids.join(',');
  const res = useResource<Comparison | null>(key, (signal) => (ids.length ? getComparison(ids, signal) : Promise.resolve(null)));

  return (
    <div className="page compare">
      <h1>Compare cars</h1>
      {res.status === 'loading' ? <p role="status">Loading the comparison…</p> : null}
      {res.status === 'error' ? <p role="alert">{res.error.message}</p> : null}
      {res.status === 'ready' && (!res.data || (res.data.cars ?? []).length === 0) ? (
        <p>
          No cars to compare. Tick Compare on two or more cars, then open the comparison. <Link to="/cars">Browse cars</Link>
        </p>
      ) : null}
      {res.status === 'ready' && res.data && (res.data.cars ?? []).length > 0 ? <CompareTable comparison={res.data} /> : null}
    </div>
  );
}

function CompareTable({ comparison }: { comparison: Comparison }) {
  const cars = comparison.cars ?? [];
  const rows = comparison.rows ?? [];
  return (
    <div className="compare__scroll">
      <table className="compare__table" style={{ ['--compare-cols' as string]: cars.length }}>
        <caption className="visually-hidden">Cars side by side; rows where they differ are marked</caption>
        <thead>
          <tr>
            <td />
            {cars.map((c) => (
              <th key={c.id} scope="col">
                {c.primary_image_url ? <img src={c.primary_image_url} alt="" width={240} height={160} loading="lazy" /> : null}
                <Link to={carPath(c.slug)}>{c.title}</Link>
                {!c.available ? <strong className="compare__sold">SOLD</strong> : null}
              </th>
            ))}
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
