import type { Theme } from '../../lib/types';

export const DEFAULT_THEME: Required<Theme> = {
  primary_color: '#1d4ed8',
  accent_color: '#f59e0b',
  header_bg: '#ffffff',
  header_text: '#111827',
  font_family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  border_radius_px: 8,
};

const COLOUR = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-zA-Z]+)$/;

/**
 * themeVariables turns the site theme into CSS custom properties. Values that
 * are not plain colours fall back to the default, so a bad config cannot inject CSS.
 */
export function themeVariables(theme: Theme | undefined): Record<string, string> {
  const t = { ...DEFAULT_THEME };
  for (const key of ['primary_color', 'accent_color', 'header_bg', 'header_text'] as const) {
    const v = theme?.[key];
    if (v && COLOUR.test(v.trim())) t[key] = v.trim();
  }
  if (theme?.font_family && !/[;{}]/.test(theme.font_family)) t.font_family = theme.font_family;
  if (typeof theme?.border_radius_px === 'number' && theme.border_radius_px >= 0) {
    t.border_radius_px = Math.min(theme.border_radius_px, 32);
  }
  return {
    '--fc-primary': t.primary_color,
    '--fc-accent': t.accent_color,
    '--fc-header-bg': t.header_bg,
    '--fc-header-text': t.header_text,
    '--fc-font': t.font_family,
    '--fc-radius': `${t.border_radius_px}px`,
  };
}

export const TEMPLATES = ['classic', 'modern'] as const;
export type Template = (typeof TEMPLATES)[number];

/** templateOf picks the layout variant; unknown names get the default, "classic". */
export function templateOf(name: string | undefined): Template {
  return (TEMPLATES as readonly string[]).includes(name ?? '') ? (name as Template) : 'classic';
}
