import type { TrackingEvent } from './types';

/** Event ids the car pages fire (spec 000 §7). */
export const EVENT_PHONE_REVEAL = 25;

/**
 * trackEvent sends a tracking event and never blocks or fails the page: it
 * does not wait for the answer, survives navigation (keepalive), and a
 * failure is only logged (spec 000 §8 "Phone reveal fails: logged only").
 */
export function trackEvent(event: TrackingEvent): void {
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
