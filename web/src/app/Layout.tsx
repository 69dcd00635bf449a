import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { STOCK_PATH } from '../lib/listingUrl';
import { useSite } from '../lib/siteContext';
import { templateOf } from '../features/site/theme';
import type { NavItem } from '../lib/types';
import { navigationOf } from './navigation';

export function Layout({ children }: { children: ReactNode }) {
  const { site } = useSite();
  const template = templateOf(site.template);
  return (
    <div className={`layout layout--${template}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

function Header() {
  const { site } = useSite();
  const nav = navigationOf(site);
  const [open, setOpen] = useState(false);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className={site.logo?.url ? 'brand brand--logo' : 'brand'} aria-label={`${site.name} home`}>
          {site.logo?.url ? <img className="brand__logo" src={site.logo.url} alt="" height={40} /> : null}
          <span className="brand__name">{site.name}</span>
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav id="site-nav" aria-label="Main" className={open ? 'site-nav site-nav--open' : 'site-nav'}>
          <ul>
            {nav.map((item) => (
              <NavEntry key={item.path + item.label} item={item} onNavigate={() => setOpen(false)} />
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  if (!item.children || item.children.length === 0) {
    return (
      <li>
        <NavLink to={item.path} onClick={onNavigate}>
          {item.label}
        </NavLink>
      </li>
    );
  }
  return (
    <li className={open ? 'nav-group nav-group--open' : 'nav-group'}>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {item.label}
      </button>
      {open ? (
        <ul>
          {item.children.map((child) => (
            <NavEntry key={child.path + child.label} item={child} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Footer() {
  const { site } = useSite();
  const year = new Date().getFullYear();
  const a = site.address;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section>
          <h2>Buyer tools</h2>
          <ul>
            <li>
              <Link to={STOCK_PATH}>Our Stock</Link>
            </li>
            {navigationOf({ ...site, navigation: undefined })
              .slice(1)
              .map((l) => (
                <li key={l.path}>
                  <Link to={l.path}>{l.label}</Link>
                </li>
              ))}
          </ul>
        </section>
        <section>
          <h2>{site.name}</h2>
          {a && (a.street || a.city) ? (
            <address>
              {[a.street, a.city, a.state, a.postcode].filter(Boolean).join(', ')}
            </address>
          ) : null}
        </section>
      </div>
      <p className="site-footer__legal">
        © {year} {site.name}
      </p>
    </footer>
  );
}
