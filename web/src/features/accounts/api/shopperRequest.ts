import { ApiError, apiError } from '../../../lib/http';
import type { AuthSettings } from '../../../lib/types';
import { idToken } from '../lib/amplify';

/**
 * shopperRequest calls an API route as the signed-in shopper: the bearer is
 * the shopper's ID token (the server takes identity from it alone). Without
 * a session it fails with a 401 carrying signedOutMessage; an error answer
 * becomes an ApiError with the server's code and message.
 */
export async function shopperRequest<T>(
  auth: AuthSettings | undefined,
  method: 'GET' | 'POST',
  path: string,
  signedOutMessage: string,
  body?: unknown,
): Promise<T> {
  const token = await idToken(auth);
  if (!token) throw new ApiError(401, 'unauthorized', signedOutMessage);
  const res = await fetch(path, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw await apiError(res);
  return (await res.json().catch(() => ({}))) as T;
}
