import { ApiError, apiError } from '../http';
import type { AuthSettings } from '../types';
import { idToken } from './amplify';

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
  if (!res.ok) {
    const err = await apiError(res);
    // In AWS, API Gateway's authorizer refuses a bad or expired token itself
    // with a bare 403 {"message":"Forbidden"} (docs/contracts.md "Watchlist
    // and sign-in"); our own refusals are 401 with the error envelope.
    if (err.status === 403 && !hasEnvelope(err.body)) throw new ApiError(401, 'unauthorized', signedOutMessage, err.body);
    throw err;
  }
  return (await res.json().catch(() => ({}))) as T;
}

function hasEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'error' in body;
}
