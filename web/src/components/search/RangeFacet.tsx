import { useMemo, useState } from 'react';
import { useRange } from 'react-instantsearch';
import type { FacetDef } from '../../lib/search/facets';
import { useDebouncedCallback } from '../../lib/useDebounced';
import { formatRangeValue, nextRange, refinementFor, SLIDER_DEBOUNCE_MS, sliderBounds, sliderStep } from '../../lib/search/range';
import { FacetSection } from './FacetSection';

/**
 * RangeFacet is a two-thumb slider made of two native range inputs (keyboard
 * operable), clamped to the facet stats and debounced 400 ms (spec 000 §4, §5).
 */
export function RangeFacet({ facet, remember }: { facet: FacetDef; remember?: boolean }) {
  const { start, range, canRefine, refine } = useRange({ attribute: facet.attribute });
  const bounds = useMemo(() => sliderBounds(facet.attribute, range), [facet.attribute, range]);
  const step = sliderStep(bounds);
  const from = Number.isFinite(start[0]) ? Math.max(bounds.min, start[0] as number) : bounds.min;
  const to = Number.isFinite(start[1]) ? Math.min(bounds.max, start[1] as number) : bounds.max;
  // The shopper's values while a change is pending; the refinement wins again
  // whenever it changes (a commit, the back button, clear filters).
  const [draft, setDraft] = useState<[number, number] | null>(null);
  const [seen, setSeen] = useState<[number, number]>([from, to]);
  if (seen[0] !== from || seen[1] !== to) {
    setSeen([from, to]);
    setDraft(null);
  }
  const values = draft ?? [from, to];
  const commit = useDebouncedCallback((next: [number, number]) => refine(refinementFor(next, bounds)), SLIDER_DEBOUNCE_MS);

  if (!canRefine) return null;
  const change = (thumb: 'min' | 'max', raw: string) => {
    const next = nextRange(facet.attribute, values, thumb, Number(raw), bounds);
    setDraft(next);
    commit(next);
  };
  const span = bounds.max - bounds.min || 1;
  const label = facet.label.toLowerCase();
  return (
    <FacetSection id={facet.name} title={facet.label} remember={remember}>
      <div className="range">
        <output className="range__values" aria-live="polite">
          {formatRangeValue(facet.attribute, values[0])} – {formatRangeValue(facet.attribute, values[1])}
        </output>
        <div
          className="range__track"
          style={
            {
              '--from': `${((values[0] - bounds.min) / span) * 100}%`,
              '--to': `${((values[1] - bounds.min) / span) * 100}%`,
            } as React.CSSProperties
          }
        >
          <input
            type="range"
            aria-label={`Minimum ${label}`}
            aria-valuetext={formatRangeValue(facet.attribute, values[0])}
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={values[0]}
            onChange={(e) => change('min', e.target.value)}
          />
          <input
            type="range"
            aria-label={`Maximum ${label}`}
            aria-valuetext={formatRangeValue(facet.attribute, values[1])}
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={values[1]}
            onChange={(e) => change('max', e.target.value)}
          />
        </div>
      </div>
    </FacetSection>
  );
}
