import type { TrackingEvent } from '../types';

/**
 * sendEvent records a tracking event. It never blocks or fails the page: the
 * request is kept alive past a navigation and its answer is ignored.
 */
export function sendEvent(event: TrackingEvent): void {
  try {
    void fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself unavailable: tracking is best effort.
  }
}
