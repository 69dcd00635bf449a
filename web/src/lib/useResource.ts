import { useEffect, useRef, useState } from 'react';

export type Resource<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

/**
 * useResource runs load when key changes and aborts the previous call.
 * given, when set, is the first key's answer the page came with (a painted
 * page's inlined data, issue 34; an error for a painted 404): the first
 * render is it and it is not fetched; a later key is fetched.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>, given?: Resource<T>): Resource<T> {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>(() => ({
    key,
    resource: given ?? { status: 'loading' },
  }));
  // load is a fresh closure each render and keyed by key: the effect calls the latest one.
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  // The key whose data came given: not fetched while it stays (a second
  // effect run, as in StrictMode, too); a later key, even this one again, is.
  const givenKey = useRef(given !== undefined ? key : undefined);
  useEffect(() => {
    if (givenKey.current === key) return;
    givenKey.current = undefined;
    const ctrl = new AbortController();
    setState({ key, resource: { status: 'loading' } });
    latest.current(ctrl.signal).then(
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
  }, [key]);
  return state.key === key ? state.resource : { status: 'loading' };
}
