import { useSite } from '../../lib/siteContext';
// Its own file, not inlined: the build lists its URL (vite.config.ts
// buildAssets) for the server's painted car page to show before the app.
import certifiedUsed from './assets/certified-used.svg?no-inline';

/**
 * TagBadge shows a car's tag (spec 000 §4 tag priority): text for every
 * kind but certified, which is the programme's badge image
 * (features.certified_badge_image, else the bundled badge) with the tag's
 * text as its alt text.
 */
export function TagBadge({ tag, className, as: Tag = 'span' }: { tag: { kind: string; text: string }; className: string; as?: 'span' | 'p' }) {
  const { site } = useSite();
  if (tag.kind === 'certified') {
    return (
      <Tag className={`${className} tag--certified-image`}>
        <img src={site.features.certified_badge_image || certifiedUsed} alt={tag.text} width={120} height={32} />
      </Tag>
    );
  }
  return <Tag className={className}>{tag.text}</Tag>;
}
