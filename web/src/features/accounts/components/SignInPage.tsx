import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { safeRedirect } from '../../../lib/shopper/redirect';
import './SignInPage.css';

const AuthenticatorPanel = lazy(() => import('./AuthenticatorPanel'));

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
  const reason = params.get('type') === 'watchlist' ? 'Sign in to save cars to your watchlist.' : 'Sign in to continue.';
  return (
    <main className="page sign-in">
      <h1>Sign in</h1>
      <p>{reason}</p>
      {auth ? (
        <Suspense fallback={<p role="status">Loading sign-in…</p>}>
          <AuthenticatorPanel auth={auth} onSignedIn={onSignedIn} />
        </Suspense>
      ) : (
        <p role="alert">Sign-in is not available on this site.</p>
      )}
      <p>
        <Link to={back}>Back</Link>
      </p>
    </main>
  );
}
