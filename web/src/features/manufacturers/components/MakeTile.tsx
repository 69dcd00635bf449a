import { useState } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { manufacturerNamed } from '../../../lib/manufacturers';
import imageNotFound from '../../../components/assets/image-not-found.svg';
import '../../../components/browse/FacetTiles.css';
import './MakeTile.css';

/**
 * MakeTile is one make in the manufacturer directory: its logo from the
 * built-in manufacturer list (spec 001 §3), name and stock count. A make the
 * list lacks, or a logo that fails to load, shows the image-not-found image
 * (spec 001 §8 "Missing brand logo"), so every tile keeps one shape.
 */
export function MakeTile({ to, name, count }: { to: string; name: string; count: number }) {
  const logo = manufacturerNamed(name)?.logo?.url;
  const [broken, setBroken] = useState(false);
  return (
    <Link className="tile make-tile" to={to}>
      <img
        className="make-tile__logo"
        src={broken || !logo ? imageNotFound : logo}
        alt=""
        width={96}
        height={48}
        loading="lazy"
        onError={() => setBroken(true)}
      />
      <span className="tile__name">{name}</span>{' '}
      <span className="tile__count">
        {formatNumber(count)} {count === 1 ? 'car' : 'cars'}
      </span>
    </Link>
  );
}
