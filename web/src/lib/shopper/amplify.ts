import type { AuthSettings } from '../types';

// Amplify is loaded only when a shopper signs in or uses the watchlist, so
// the listing's initial JavaScript does not carry it (DESIGN.md decision 7).
// It is configured at run time from GET /api/site's auth: the pool and this
// site's own app client (a token of another site's client is refused).

let configured: string | null = null;

/** amplifyAuth configures Amplify for the site (once) and returns its auth API. */
export async function amplifyAuth(auth: AuthSettings) {
  const [{ Amplify }, authApi] = await Promise.all([import('aws-amplify'), import('aws-amplify/auth')]);
  const key = `${auth.userPoolId}/${auth.userPoolClientId}/${auth.endpoint ?? ''}`;
  if (configured !== key) {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: auth.userPoolId,
          userPoolClientId: auth.userPoolClientId,
          // cognito-local locally; absent in AWS.
          ...(auth.endpoint ? { userPoolEndpoint: auth.endpoint } : {}),
          loginWith: { phone: true },
          signUpVerificationMethod: 'code',
          userAttributes: { phone_number: { required: true } },
        },
      },
    });
    configured = key;
  }
  return authApi;
}

/** idToken returns the signed-in shopper's ID token for this site, or null when signed out. */
export async function idToken(auth: AuthSettings | undefined): Promise<string | null> {
  if (!auth) return null;
  const { fetchAuthSession } = await amplifyAuth(auth);
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** ShopperProfile is what a finance enquiry can fill in from the signed-in shopper's ID token. */
export interface ShopperProfile {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
}

/** shopperProfile reads the signed-in shopper's name, e-mail and phone from the verified session's ID token claims; null when signed out. */
export async function shopperProfile(auth: AuthSettings | undefined): Promise<ShopperProfile | null> {
  if (!auth) return null;
  const { fetchAuthSession } = await amplifyAuth(auth);
  try {
    const claims = (await fetchAuthSession()).tokens?.idToken?.payload;
    if (!claims) return null;
    const str = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : undefined);
    return { name: str('given_name'), last_name: str('family_name'), email: str('email'), phone: str('phone_number') };
  } catch {
    return null;
  }
}
