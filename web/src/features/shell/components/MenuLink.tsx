import { Link, NavLink } from 'react-router';

/** isExternal: a configured link that leaves the SPA (another site, tel:, mailto:). */
export function isExternal(path: string): boolean {
  return /^(https?:|tel:|mailto:)/.test(path);
}

/** MenuLink is a configured menu entry: a router link for the site's own paths, a plain link otherwise. */
export function MenuLink({ path, children, nav = false }: { path: string; children: React.ReactNode; nav?: boolean }) {
  if (isExternal(path)) return <a href={path}>{children}</a>;
  return nav ? (
    <NavLink to={path} end={path === '/'}>
      {children}
    </NavLink>
  ) : (
    <Link to={path}>{children}</Link>
  );
}
