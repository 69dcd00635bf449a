import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { idToken } from '../../../lib/shopper/amplify';
import { signInPath } from '../../../lib/shopper/gating';
import { signedInHint } from '../../../lib/shopper/session';

type Session = 'loading' | 'signed-in' | 'signed-out';

/**
 * Gated shows its page only to a signed-in shopper where the page's gate
 * (route.Page.Gate in the page table: "always", or the site features flag
 * that gates it) holds; signed out (not loading and no user) it goes to
 * sign-in with type, redirect and back (spec 001 §4, §5). An open page
 * (spin-to-win without its flag) shows the page.
 */
export function Gated({ gate, feature, type = 'checkout', children }: { gate: string; feature?: string; type?: string; children: ReactNode }) {
  const { site, auth } = useSite();
  const location = useLocation();
  const flags = site.features as unknown as Record<string, unknown>;
  // A page the site does not have (its feature off) shows its 404 without a detour through sign-in.
  const gated = (!feature || flags[feature] === true) && (gate === 'always' || flags[gate] === true);
  const [session, setSession] = useState<Session>(() => (!gated ? 'signed-in' : signedInHint(auth) ? 'loading' : 'signed-out'));
  useEffect(() => {
    if (session !== 'loading') return;
    let live = true;
    void idToken(auth).then((token) => live && setSession(token ? 'signed-in' : 'signed-out'));
    return () => {
      live = false;
    };
  }, [auth, session]);
  if (!gated || session === 'signed-in') return <>{children}</>;
  if (session === 'loading') return <p role="status">Checking your sign-in…</p>;
  return <Navigate to={signInPath(type, location.pathname + location.search, '/')} replace />;
}
