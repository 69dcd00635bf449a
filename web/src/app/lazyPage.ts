import { createElement, lazy, type ComponentType } from 'react';

/**
 * LazyPage is a lazily loaded route page (no props) that can be loaded
 * ahead: once preload() has resolved, the page renders at once instead of
 * suspending (a React.lazy page suspends on its first render even when its
 * module is already loaded, and its boundary's fallback would replace the
 * page the server painted: issue 14 first paint).
 */
export type LazyPage = ComponentType & { preload(): Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
