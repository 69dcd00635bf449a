// The sign-in path runs the Go cases (shared/testdata/vectors:
// sign_in_path.json), so shared.SignInPath and signInPath agree.
import { describe, expect, it } from 'vitest';
import signInCases from '../../../../shared/testdata/vectors/sign_in_path.json';
import { signInPath } from './gating';
import { safeRedirect } from './redirect';

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
