import { useState } from 'react';

export const COMMENTS_LIMIT = 400;

/** commentSegments splits dealer comments on the bar character, dropping empty parts (spec 000 §2). */
export function commentSegments(text: string | undefined): string[] {
  return (text ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** truncateSegments keeps whole segments and cuts the last one so the total stays within limit characters. */
export function truncateSegments(segments: string[], limit = COMMENTS_LIMIT): { segments: string[]; truncated: boolean } {
  const out: string[] = [];
  let used = 0;
  for (const seg of segments) {
    if (used + seg.length <= limit) {
      out.push(seg);
      used += seg.length;
      continue;
    }
    const room = limit - used;
    if (room > 0) out.push(`${seg.slice(0, room).trimEnd()}…`);
    return { segments: out, truncated: true };
  }
  return { segments: out, truncated: false };
}

/**
 * DealerComments shows the comments, 400 characters at first with Show more /
 * Show less (spec 000 §2); without comments, the site's pending text (spec 000 §8).
 */
export function DealerComments({ text, pendingText }: { text?: string; pendingText: string }) {
  const [expanded, setExpanded] = useState(false);
  const segments = commentSegments(text);
  if (segments.length === 0) return <p className="muted">{pendingText}</p>;
  const short = truncateSegments(segments);
  const shown = expanded ? segments : short.segments;
  return (
    <div className="dealer-comments" id="dealer-comments">
      {shown.map((s, i) => (
        <p key={i}>{s}</p>
      ))}
      {short.truncated ? (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
