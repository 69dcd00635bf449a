import { useState } from 'react';
import type { DealerComments as DealerCommentsView } from '../../../lib/types';

/**
 * DealerComments shows the comments the server split and cut (spec 000 §2:
 * 400 characters at first, Show more / Show less; a cut ends in an
 * ellipsis); without comments, the site's pending text (spec 000 §8).
 */
export function DealerComments({ comments, pendingText }: { comments: DealerCommentsView; pendingText: string }) {
  const [expanded, setExpanded] = useState(false);
  // Go's slices may be null by type; shared.ViewCar sends empty lists.
  const segments = comments.segments ?? [];
  if (segments.length === 0) return <p className="muted">{pendingText}</p>;
  const shown = (expanded ? segments : comments.short) ?? [];
  const cut = comments.truncated && !expanded;
  return (
    <div className="dealer-comments" id="dealer-comments">
      {shown.map((s, i) => (
        <p key={i}>{cut && i === shown.length - 1 ? `${s.trimEnd()}…` : s}</p>
      ))}
      {comments.truncated ? (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
