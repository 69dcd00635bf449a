import { describe, expect, it } from 'vitest';
import type { Theme } from '../../lib/types';
import { fixture, siteResponse } from '../../test/fixtures';
import { templateOf, themeVariables } from './theme';

describe('site theme and template', () => {
  it('maps the theme (defaults applied by /api/site) to CSS custom properties', () => {
    const vars = themeVariables(siteResponse({ theme: { primary_color: '#0a7', border_radius_px: 4 } }).site.theme);
    expect(vars['--fc-primary']).toBe('#0a7');
    expect(vars['--fc-accent']).toBe('#f59e0b');
    expect(vars['--fc-header-bg']).toBe('#ffffff');
    expect(vars['--fc-radius']).toBe('4px');
    expect(vars['--fc-font']).toBe('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif');
  });

  it('leaves out values that are not colours, so the stylesheet’s own value stays', () => {
    const vars = themeVariables(fixture<Theme>({ primary_color: 'red; background: url(x)', accent_color: '#f59e0b' }));
    expect(vars).not.toHaveProperty('--fc-primary');
    expect(vars['--fc-accent']).toBe('#f59e0b');
    expect(themeVariables(fixture<Theme>({ font_family: 'x; } body { display: none' }))).not.toHaveProperty('--fc-font');
  });

  it('falls back to classic for unknown templates', () => {
    expect(templateOf('modern')).toBe('modern');
    expect(templateOf('fancy')).toBe('classic');
    expect(templateOf(undefined)).toBe('classic');
  });
});
