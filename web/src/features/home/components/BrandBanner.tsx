import { useState } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import type { DealershipWebsite } from '../../../lib/types';
import imageNotFound from '../../../components/assets/image-not-found.svg';
import './BrandBanner.css';

/**
 * BrandBanner lists the group's dealership websites (spec 001 §2 "Other
 * screens", §3 "Dealership website entry": logo, title, link; issue 17). A
 * logo that fails to load falls back to the image-not-found image (spec 001
 * §8 "Missing brand logo"). It is the home page's "Our dealerships" only
 * where the site picks it (home.our_dealerships "websites"; issue 32 item 10:
 * beside the dealerships list it said the same twice). Nothing renders for a
 * site without entries.
 */
export function BrandBanner() {
  const { site } = useSite();
  const sites = site.home.our_dealerships === 'websites' ? (site.dealership_websites ?? []) : [];
  if (sites.length === 0) return null;
  return (
    <section className="brand-banner" aria-labelledby="brand-banner-title">
      <h2 id="brand-banner-title" className="brand-banner__title">
        Our dealerships
      </h2>
      <ul className="brand-banner__list">
        {sites.map((w) => (
          <li key={w.slug || w.url}>
            <BrandLink website={w} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BrandLink({ website }: { website: DealershipWebsite }) {
  const [broken, setBroken] = useState(false);
  const label = website.title || website.name;
  const body = (
    <>
      <img
        className="brand-banner__logo"
        src={broken || !website.logo?.url ? imageNotFound : website.logo.url}
        alt=""
        width={160}
        height={60}
        loading="lazy"
        onError={() => setBroken(true)}
      />
      <span className="brand-banner__name">{label}</span>
    </>
  );
  // A path is one of this site's pages (e.g. /brands/jeep); a URL is another dealer site.
  return website.url.startsWith('/') ? (
    <Link className="brand-banner__link" to={website.url}>
      {body}
    </Link>
  ) : (
    <a className="brand-banner__link" href={website.url} rel="noopener">
      {body}
    </a>
  );
}
