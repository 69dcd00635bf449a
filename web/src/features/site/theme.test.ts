import { describe, expect, it } from 'vitest';
import type { Theme } from '../../lib/types';
import { fixture } from '../../test/fixtures';
import { templateOf, themeVariables } from './theme';

describe('site theme and template', () => {
  it('maps the theme to CSS custom properties with defaults', () => {
    const vars = themeVariables(fixture<Theme>({ primary_color: '#0a7', border_radius_px: 4 }));
    expect(vars['--fc-primary']).toBe('#0a7');
    expect(vars['--fc-accent']).toBe('#f59e0b');
    expect(vars['--fc-radius']).toBe('4px');
  });

  it('ignores values that are not colours', () => {
    expect(themeVariables(fixture<Theme>({ primary_color: 'red; background: url(x)' }))['--fc-primary']).toBe('#1d4ed8');
  });

  it('falls back to classic for unknown templates', () => {
    expect(templateOf('modern')).toBe('modern');
    expect(templateOf('fancy')).toBe('classic');
    expect(templateOf(undefined)).toBe('classic');
  });
});
