import type { Site } from '../../../lib/types';

// The TypeScript twins of shared.RouteGated and shared.SignInPath (spec 001
// §4, §5), run on the same cases as Go: shared/testdata/vectors/gating.json.

/** routeGated reports whether a path needs a signed-in shopper. */
export function routeGated(path: string, site: Pick<Site, 'features'>): boolean {
  let p = path.split('?', 1)[0];
  if (p.endsWith('/')) p = p.slice(0, -1);
  if (p.startsWith('/cars/') && (p.endsWith('/checkout') || p.endsWith('/buy-online'))) return true;
  if (p === '/checkout-journey' || p === '/personalised/finance' || p === '/online-payment') return true;
  if (p === '/spin-to-win') return site.features.spin_to_win_gated;
  return false;
}

/** signInPath is /sign-in?back=…&redirect=…&type=… (keys sorted, as Go's url.Values.Encode). */
export function signInPath(kind: string, redirect: string, back: string): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `/sign-in?back=${enc(back)}&redirect=${enc(redirect)}&type=${enc(kind)}`;
}
