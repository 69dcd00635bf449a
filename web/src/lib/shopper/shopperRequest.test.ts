// Issue 12: in AWS the shopper routes' Lambda authorizer refuses a token
// before the handler does, with API Gateway's own bare answers; the web
// treats them as the handler's 401 (signed out), so the shopper is sent to
// sign in again rather than shown an error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http';
import { shopperRequest } from './shopperRequest';

vi.mock('./amplify', () => ({ idToken: () => Promise.resolve('id-token') }));

const auth = { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' };

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await shopperRequest(auth, 'GET', '/api/watchlist', 'Sign in to see your watchlist');
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('the request succeeded');
}

afterEach(() => vi.unstubAllGlobals());

describe('shopperRequest', () => {
  it("takes API Gateway's authorizer refusal (bare 403) as signed out", async () => {
    answer(403, { message: 'Forbidden' });
    const err = await failure();
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.message).toBe('Sign in to see your watchlist');
  });

  it("takes API Gateway's 401 and the handler's 401 as signed out", async () => {
    answer(401, { message: 'Unauthorized' });
    expect((await failure()).status).toBe(401);
    answer(401, { error: { code: 'unauthorized', message: 'your sign-in has expired or is not for this site; sign in again' } });
    expect((await failure()).status).toBe(401);
  });

  it("keeps the handler's own 403 (with its error envelope) as it is", async () => {
    answer(403, { error: { code: 'forbidden', message: 'request did not come through the site origin' } });
    const err = await failure();
    expect(err.status).toBe(403);
    expect(err.code).toBe('forbidden');
  });
});
