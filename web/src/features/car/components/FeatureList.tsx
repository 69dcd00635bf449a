import { useState } from 'react';

export const FEATURE_LIMIT = 8;

/** FeatureList shows the first 8 features; Show All / Hide reveals the rest (spec 001 §2). */
export function FeatureList({ features }: { features: string[] }) {
  const [all, setAll] = useState(false);
  if (features.length === 0) return null;
  const shown = all ? features : features.slice(0, FEATURE_LIMIT);
  return (
    <div className="feature-list">
      <ul>
        {shown.map((f, i) => (
          <li key={`${i}-${f}`}>{f}</li>
        ))}
      </ul>
      {features.length > FEATURE_LIMIT ? (
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? 'Hide' : `Show All (${features.length})`}
        </button>
      ) : null}
    </div>
  );
}
