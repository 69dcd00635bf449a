// The gating rules run the Go cases (shared/testdata/vectors: gating.json,
// sign_in_path.json), so shared.RouteGated/SignInPath and these agree.
import { describe, expect, it } from 'vitest';
import gatingCases from '../../../../../shared/testdata/vectors/gating.json';
import signInCases from '../../../../../shared/testdata/vectors/sign_in_path.json';
import type { Features } from '../../../lib/types';
import { routeGated, signInPath } from './gating';
import { safeRedirect } from './redirect';

describe('gated routes (spec 001 §4, §5)', () => {
  it.each(gatingCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const features = { spin_to_win_gated: c.input.spin_to_win_gated } as Features;
    expect(routeGated(c.input.path, { features })).toBe(c.want.gated);
  });
});

describe('sign-in path (spec 000 §2, spec 001 §2)', () => {
  it.each(signInCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(signInPath(c.input.kind, c.input.redirect, c.input.back)).toBe(c.want);
  });
});

describe('sign-in redirect stays on the site', () => {
  it.each([
    ['/cars/x?y=1', '/cars/x?y=1'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['', '/'],
  ])('%s goes to %s', (target, want) => {
    expect(safeRedirect(target)).toBe(want);
  });
});
