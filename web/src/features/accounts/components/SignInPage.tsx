import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { safeRedirect } from '../../../lib/shopper/redirect';
import './SignInPage.css';

type Panel = (typeof import('./AuthenticatorPanel'))['default'];
let loadedPanel: Panel | undefined;
let pendingPanel: Promise<void> | undefined;

/**
 * preloadPanel loads the Authenticator's chunk. The sign-in route waits for
 * it (app/routes.tsx) before it replaces the painted page (issue 34), so the
 * page's first render has the panel, not "Loading sign-in…" first: the
 * panel's arrival moved Back and the footer (CLS 0.378 at 375 px).
 */
export function preloadPanel(): Promise<void> {
  // A failed load is not kept: the next visit to sign-in tries again.
  return (pendingPanel ??= import('./AuthenticatorPanel').then(
    (m) => {
      loadedPanel = m.default;
    },
    (err: unknown) => {
      pendingPanel = undefined;
      throw err;
    },
  ));
}
const LazyPanel = lazy(() => preloadPanel().then(() => ({ default: loadedPanel as Panel })));

/**
 * SignInPage is /sign-in?type={type}&redirect={path}&back={path} (spec 000 §2,
 * spec 001 §2): the Authenticator, then the shopper goes to `redirect`.
 */
export default function SignInPage() {
  const { auth } = useSite();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const back = safeRedirect(params.get('back'), redirect);
  const onSignedIn = useCallback(() => navigate(redirect, { replace: true }), [navigate, redirect]);
  const Loaded = loadedPanel;
  const reason = params.get('type') === 'watchlist' ? 'Sign in to save cars to your watchlist.' : 'Sign in to continue.';
  return (
    <main className="page sign-in">
      <h1>Sign in</h1>
      <p>{reason}</p>
      <div className={auth ? 'sign-in__panel' : undefined}>
        {auth && Loaded ? (
          <Loaded auth={auth} onSignedIn={onSignedIn} />
        ) : auth ? (
          <Suspense fallback={<p role="status">Loading sign-in…</p>}>
            <LazyPanel auth={auth} onSignedIn={onSignedIn} />
          </Suspense>
        ) : (
          <p role="alert">Sign-in is not available on this site.</p>
        )}
      </div>
      <p>
        <Link to={back}>Back</Link>
      </p>
    </main>
  );
}
