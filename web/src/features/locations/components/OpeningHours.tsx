import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import type { HolidayHours, HoursLine, OpenStatus } from '../../../lib/types';

/** OpenNow is the "Open now · Closes 5:30 pm" line the API computed for the time of the request. */
export function OpenNow({ status }: { status?: OpenStatus }) {
  if (!status) return null;
  return (
    <p className={`open-now ${status.open ? 'open-now--open' : 'open-now--closed'}`}>
      <strong>{status.label}</strong>
      {status.detail ? <span> · {status.detail}</span> : null}
    </p>
  );
}

/**
 * OpeningHours is the hours table (spec 001 §2): lines as Go laid them out
 * (Monday first, Mon-Fri collapsed, the site's closed text), an Enquire Now
 * link on closed days where the site turns it on, and nothing when the
 * location has no hours.
 */
export function OpeningHours({ lines, caption = 'Opening Hours' }: { lines: HoursLine[] | null; caption?: string }) {
  const { site } = useSite();
  if (!lines || lines.length === 0) return null;
  const enquire = site.hours?.closed_enquire_link ?? false;
  return (
    <table className="hours">
      <caption>{caption}</caption>
      <tbody>
        {lines.map((l) => (
          <tr key={l.days}>
            <th scope="row">{l.days}</th>
            <td>
              {l.text}
              {l.closed && enquire ? (
                <>
                  {' '}
                  <Link to="/contact">{site.texts?.enquire_label || 'Enquire Now'}</Link>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** HolidayHoursButton opens the Holiday Opening Hours dialog (spec 001 §2) when the location has upcoming special hours. */
export function HolidayHoursButton({ hours, name }: { hours: HolidayHours[] | null; name: string }) {
  const [open, setOpen] = useState(false);
  if (!hours || hours.length === 0) return null;
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Holiday Opening Hours
      </button>
      {open ? (
        <Modal title="Holiday Opening Hours" onClose={() => setOpen(false)}>
          <p className="modal__sub">{name}</p>
          <table className="hours">
            <tbody>
              {hours.map((h) => (
                <tr key={`${h.date}-${h.department}`}>
                  <th scope="row">{h.label}</th>
                  <td>
                    {h.text}
                    {h.department !== 'all' ? <span className="hours__dept"> ({h.department})</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Modal>
      ) : null}
    </>
  );
}
