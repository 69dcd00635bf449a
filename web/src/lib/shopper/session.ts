import type { AuthSettings } from '../types';

// signedInHint says whether Amplify has kept a signed-in shopper for this
// site's app client in this browser (its LastAuthUser key), without loading
// Amplify: the listing's hearts ask it on every page and must not pull the
// sign-in chunk into a signed-out visit. The token itself is checked when a
// call is made (idToken), and the server verifies it.
export function signedInHint(auth: AuthSettings | undefined): boolean {
  return keptUser(auth) !== '';
}

/** keptUser is the user name Amplify keeps as signed in for this site's client, or "". */
export function keptUser(auth: AuthSettings | undefined): string {
  if (!auth) return '';
  try {
    return window.localStorage.getItem(`CognitoIdentityServiceProvider.${auth.userPoolClientId}.LastAuthUser`) ?? '';
  } catch {
    return '';
  }
}
