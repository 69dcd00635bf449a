import { createContext, useContext, type ReactNode } from 'react';
import type { SiteResponse } from './types';

const SiteContext = createContext<SiteResponse | null>(null);

export function SiteProvider({ value, children }: { value: SiteResponse; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** useSite returns the loaded site config; the app shell renders nothing that needs it before it loads. */
export function useSite(): SiteResponse {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite used outside SiteProvider');
  return value;
}
