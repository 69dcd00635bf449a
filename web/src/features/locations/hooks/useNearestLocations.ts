import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/http';
import type { GeocodeResponse } from '../../../lib/types';
import { geocode } from '../api/getLocations';

export type NearestState =
  | { status: 'idle' }
  | { status: 'loading'; input: string }
  | { status: 'error'; input: string; message: string }
  | { status: 'ready'; input: string; result: GeocodeResponse };

/**
 * useNearestLocations finds the site's locations nearest a postcode or
 * suburb through GET /api/geocode. The lead forms' location select can use it
 * to preselect the nearest dealership. A newer search aborts an older one.
 */
export function useNearestLocations() {
  const [state, setState] = useState<NearestState>({ status: 'idle' });
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => () => ctrl.current?.abort(), []);
  const find = useCallback(async (input: string) => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setState({ status: 'loading', input });
    try {
      const result = await geocode(input, c.signal);
      if (!c.signal.aborted) setState({ status: 'ready', input, result });
    } catch (e) {
      if (c.signal.aborted) return;
      // The API's message is the shopper's (spec 001 §8 'Invalid postcode').
      const message = e instanceof ApiError && e.status < 500 ? e.message : 'Something went wrong. Please try again.';
      setState({ status: 'error', input, message });
    }
  }, []);
  return { state, find };
}
