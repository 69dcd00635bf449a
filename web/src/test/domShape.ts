import type { ConfiguredSite, ConfiguredSiteResponse } from '../lib/siteConfig';

/**
 * domShape lists an element's tree for the paint golden tests (the Go
 * template's markup against the React component's): per element its tag,
 * classes, the given attributes and its own text. idAttributes count by
 * presence only (React's useId differs from a template's ids); a style is
 * compared without spaces and semicolons.
 */
export function domShape(attributes: readonly string[], idAttributes: readonly string[] = []): (el: Element) => string[] {
  const shape = (el: Element): string[] => {
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    const value = (a: string) => (a === 'style' ? (el.getAttribute(a) ?? '').replace(/[\s;]/g, '') : el.getAttribute(a));
    const attrs = [...attributes.filter((a) => el.hasAttribute(a)).map((a) => `${a}=${value(a)}`), ...idAttributes.filter((a) => el.hasAttribute(a))];
    const line = [el.tagName.toLowerCase(), [...el.classList].join('.'), ...attrs, own && `"${own}"`].filter(Boolean).join(' ');
    return [line, ...[...el.children].flatMap(shape)];
  };
  return shape;
}

/**
 * paintedSiteResponse is the site answer the app renders from in a paint
 * golden test: the site exactly as Go painted it (its fixture's, defaults
 * applied in Go), with no stats and no rego provider.
 */
export function paintedSiteResponse(site: unknown): ConfiguredSiteResponse {
  return {
    site: site as ConfiguredSite,
    header_locations: [],
    search: { appId: 'FORECOURTLOCAL', apiKey: 'k', validUntil: 0, host: '', index: 'cars', sortIndices: {} },
    stats: null,
    rego_lookup: false,
  };
}
