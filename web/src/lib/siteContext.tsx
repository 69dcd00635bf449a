import { createContext, useContext, type ReactNode } from 'react';
import type { ConfiguredSiteResponse } from './siteConfig';

const SiteContext = createContext<ConfiguredSiteResponse | null>(null);

export function SiteProvider({ value, children }: { value: ConfiguredSiteResponse; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** useSite returns the loaded site config; the app shell renders nothing that needs it before it loads. */
export function useSite(): ConfiguredSiteResponse {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite used outside SiteProvider');
  return value;
}
