import { useSite } from '../../../lib/siteContext';
import { useCompareList } from '../lib/compareList';

/** CompareToggle picks a car for the comparison (spec 000 §4); full, it says how many can be compared. */
export function CompareToggle({ id, title, className = '' }: { id: string; title: string; className?: string }) {
  const { site } = useSite();
  const { isPicked, toggle, picks, max } = useCompareList(site.slug);
  if (!site.features.compare) return null;
  const picked = isPicked(id);
  const full = !picked && picks.length >= max;
  return (
    <label className={`compare-toggle ${className}`} title={full ? `You can compare up to ${max} cars` : undefined}>
      <input type="checkbox" checked={picked} disabled={full} onChange={() => toggle({ id, title })} aria-label={`Compare ${title}`} />
      <span aria-hidden="true">Compare</span>
    </label>
  );
}
