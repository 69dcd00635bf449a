/** TrackedEvent is the body of POST /api/events (spec 000 §7, spec 001 §9 event ids). */
export interface TrackedEvent {
  event_id: number;
  car_id: string;
  dealership_id?: string;
  website_id: string;
}

/** Event ids the car pages fire (spec 000 §7). */
export const EVENT_PHONE_REVEAL = 25;

/**
 * trackEvent sends a tracking event and never blocks or fails the page: it
 * does not wait for the answer, survives navigation (keepalive), and a
 * failure is only logged (spec 000 §8 "Phone reveal fails: logged only").
 */
export function trackEvent(event: TrackedEvent): void {
  try {
    fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
      keepalive: true,
    })
      .then((res) => {
        if (!res.ok) console.error(`event ${event.event_id} not recorded (${res.status})`);
      })
      .catch((err: unknown) => console.error(`event ${event.event_id} not recorded`, err));
  } catch (err) {
    console.error(`event ${event.event_id} not recorded`, err);
  }
}
