import type { Theme } from '../../lib/types';

const COLOUR = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-zA-Z]+)$/;

const COLOUR_VARS = {
  primary_color: '--fc-primary',
  accent_color: '--fc-accent',
  header_bg: '--fc-header-bg',
  header_text: '--fc-header-text',
  // The colour roles Go derives from the brand colours (shared.ColourRoles,
  // served in theme.roles): the rule has one home, the browser copies them.
  on_primary: '--fc-on-primary',
  primary_text: '--fc-primary-text',
  primary_hover: '--fc-primary-hover',
  on_accent: '--fc-on-accent',
} as const;

/**
 * themeVariables turns the site theme (its defaults applied by /api/site) into
 * CSS custom properties. A value that is not a plain colour, font list or
 * radius is left out, so a bad config cannot inject CSS: the stylesheet's own
 * value (app.css :root, what the page paints before the config loads) stays.
 */
export function themeVariables(theme: Theme | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  const colours: Partial<Record<keyof typeof COLOUR_VARS, string>> = { ...theme, ...theme?.roles };
  for (const [key, name] of Object.entries(COLOUR_VARS) as Array<[keyof typeof COLOUR_VARS, string]>) {
    const v = colours[key]?.trim();
    if (v && COLOUR.test(v)) vars[name] = v;
  }
  if (theme?.font_family && !/[;{}]/.test(theme.font_family)) vars['--fc-font'] = theme.font_family;
  if (typeof theme?.border_radius_px === 'number' && theme.border_radius_px >= 0) {
    vars['--fc-radius'] = `${Math.min(theme.border_radius_px, 32)}px`;
  }
  return vars;
}

export const TEMPLATES = ['classic', 'modern'] as const;
export type Template = (typeof TEMPLATES)[number];

/** templateOf picks the layout variant; unknown names get the default, "classic". */
export function templateOf(name: string | undefined): Template {
  return (TEMPLATES as readonly string[]).includes(name ?? '') ? (name as Template) : 'classic';
}
