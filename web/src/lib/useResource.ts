import { useEffect, useState } from 'react';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; data: T };

/**
 * useResource runs load when key changes and aborts the previous call.
 * given is the first key's answer the page came with (a painted page's
 * inlined data, issue 34): the first render is it, and it is not loaded.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>, given?: Resource<T>): Resource<T> {
  const [state, setState] = useState<{ key: string; resource: Resource<T>; given?: boolean }>(() => ({
    key,
    resource: given ?? { status: 'loading' },
    given: given !== undefined,
  }));
  const skip = state.given && state.key === key;
  useEffect(() => {
    if (skip) return;
    const ctrl = new AbortController();
    setState({ key, resource: { status: 'loading' } });
    load(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ key, resource: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!ctrl.signal.aborted) {
          setState({ key, resource: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } });
        }
      },
    );
    return () => ctrl.abort();
    // load is keyed by key: callers pass a fresh closure each render.
  }, [key]);
  return state.key === key ? state.resource : { status: 'loading' };
}
