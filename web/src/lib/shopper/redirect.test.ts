// Issue 31 (medium): the sign-in page's `redirect` and `back` targets stay on
// the dealer's origin in every form a browser would read as another host.
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

const origin = 'https://coastal.example';

describe('safeRedirect keeps sign-in targets on the site', () => {
  it.each([
    ['a path', '/cars/x?y=1#photos', '/cars/x?y=1#photos'],
    ['a relative path', 'watchlist', '/watchlist'],
    ['protocol-relative', '//evil.example/login', '/'],
    ['backslash', '/\\evil.example/login', '/'],
    ['two backslashes', '\\\\evil.example/login', '/'],
    ['tab after the slash', '/\t/evil.example/login', '/'],
    ['newline after the slash', '/\n/evil.example/login', '/'],
    ['encoded tab (as the query string decodes it)', decodeURIComponent('/%09/evil.example/login'), '/'],
    ['encoded slashes stay a path', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['absolute URL elsewhere', 'https://evil.example/', '/'],
    ['absolute URL on this site', 'https://coastal.example/finance?x=1', '/finance?x=1'],
    ['javascript:', 'javascript:alert(1)', '/'],
    ['data:', 'data:text/html,hi', '/'],
    ['scheme with tab', 'java\tscript:alert(1)', '/'],
    ['empty', '', '/'],
  ])('%s', (_, target, want) => {
    expect(safeRedirect(target, '/', origin)).toBe(want);
  });

  it('uses the fallback when the target leaves the site', () => {
    expect(safeRedirect('//evil.example', '/cars/a', origin)).toBe('/cars/a');
    expect(safeRedirect(null, '/cars/a', origin)).toBe('/cars/a');
  });
});
