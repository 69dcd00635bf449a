import { Link } from 'react-router';
import type { PromoTile } from '../../lib/types';
import './PromoTileCard.css';

const SAFE_BACKGROUND = /^(#[0-9a-fA-F]{3,8}|(linear|radial)-gradient\([#\w\s.,%()-]+\)|[a-zA-Z]+)$/;

/**
 * PromoTileCard is a promotional tile among the results (spec 001 §3). A
 * tile of a promo kind (spec 001 §9) arrives with its words already filled
 * in by the server from the site's promo_texts; the kind only styles it.
 */
export function PromoTileCard({ tile }: { tile: PromoTile }) {
  const background = tile.background && SAFE_BACKGROUND.test(tile.background) ? tile.background : undefined;
  const content = (
    <>
      {tile.image_url ? <img src={tile.image_url} alt={tile.alt ?? ''} loading="lazy" width={480} height={320} /> : null}
      <div className="promo-tile__text">
        <h3>{tile.title}</h3>
        {tile.body ? <p>{tile.body}</p> : null}
      </div>
    </>
  );
  return (
    <aside
      className={tile.kind ? `promo-tile promo-tile--${tile.kind}` : 'promo-tile'}
      data-kind={tile.kind}
      style={background ? { background } : undefined}
      aria-label={tile.title}
    >
      {tile.link_path && tile.link_path.startsWith('/') ? (
        <Link to={tile.link_path} className="promo-tile__link">
          {content}
        </Link>
      ) : (
        content
      )}
    </aside>
  );
}
