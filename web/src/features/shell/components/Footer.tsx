import { useSite } from '../../../lib/siteContext';
import type { NavItem } from '../../../lib/types';
import { MenuLink } from './MenuLink';

function Group({ title, items }: { title: string; items?: NavItem[] }) {
  if (!items || items.length === 0) return null;
  return (
    <section>
      <h2>{title}</h2>
      <ul>
        {items.map((l) => (
          <li key={l.path + l.label}>
            <MenuLink path={l.path}>{l.label}</MenuLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Footer is the site footer of spec 001 §2: Vehicles, Buyer Tools, Servicing
 * and Parts, a group named for the dealer (with Terms And Conditions), the
 * dealer's address and social links, and the 'We accept:' payment strip.
 * Every list is the server's (shared footer defaults or the tenant's own).
 */
export function Footer() {
  const { site } = useSite();
  const f = site.footer;
  const a = site.address;
  const payments = (f.payment_methods ?? []).filter((m) => m !== 'none');
  const social = [
    { label: 'Facebook', url: site.facebook_url },
    { label: 'Instagram', url: site.instagram_url },
  ].filter((s) => s.url);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Group title="Vehicles" items={f.vehicles} />
        <Group title="Buyer Tools" items={f.buyer_tools} />
        <Group title="Servicing and Parts" items={f.service} />
        <section>
          <h2>{site.name}</h2>
          <ul>
            {(f.dealer ?? []).map((l) => (
              <li key={l.path + l.label}>
                <MenuLink path={l.path}>{l.label}</MenuLink>
              </li>
            ))}
          </ul>
          {a && (a.street || a.city) ? <address>{[a.street, a.city, a.state, a.postcode].filter(Boolean).join(', ')}</address> : null}
          {social.length > 0 ? (
            <ul className="site-footer__social" aria-label="Follow us">
              {social.map((s) => (
                <li key={s.label}>
                  <a href={s.url} rel="noopener noreferrer" target="_blank">
                    {s.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      {payments.length > 0 ? (
        <div className="site-footer__payments">
          <span id="payments-label">We accept:</span>
          <ul aria-labelledby="payments-label">
            {payments.map((m) => (
              <li key={m} className="payment-badge">
                {m}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {site.name}
      </p>
    </footer>
  );
}
