/** TrackingEvent is one POST /api/events body (docs/contracts.md "Events"). */
export interface TrackingEvent {
  /** a numeric id of spec 001 §9 or a name such as "conversion" */
  event_id: number | string;
  car_id?: string;
  dealership_id?: string;
  website_id?: string;
}

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
