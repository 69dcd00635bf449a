import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTestDriveSlots } from '../../lib/leads/getTestDriveSlots';
import { useLeadFormContext } from './LeadForm';
import type { LeadFormValues } from './useLeadForm';

/**
 * AppointmentField is the test drive's optional date and time (spec 001 §5):
 * a day, then a time of that day, from GET /api/test-drive/slots. While the
 * times load, when there are none, or when they cannot load, it says so and
 * the request can still be sent without a time.
 */
export function AppointmentField({ carId, locationId }: { carId?: string; locationId?: string }) {
  const { ids } = useLeadFormContext();
  const { register, setValue, formState } = useFormContext<LeadFormValues>();
  const slots = useTestDriveSlots({ carId, locationId });
  const [day, setDay] = useState('');
  const dayId = ids.field('appointment-day');
  const noteId = ids.field('appointment-note');
  const error = formState.errors.appointment?.message;

  if (!carId && !locationId) return null;
  let note = '';
  if (slots.status === 'loading') note = 'Loading available times…';
  else if (slots.status === 'error') note = 'Available times could not be loaded. Send your request and the dealership will arrange a time with you.';
  else if (slots.data.days.every((d) => d.slots.length === 0))
    note = 'No times can be booked online at the moment. The dealership will arrange a time with you.';
  const days = slots.status === 'ready' ? slots.data.days.filter((d) => d.slots.length > 0) : [];
  const chosen = days.find((d) => d.date === day);

  // While the times load, the day select stands disabled where it will
  // be and the note takes the time-zone line's place, so the form below
  // does not move down when they come (issue 34: Northside's
  // /book-test-drive shifted 0.007-0.014 at 1366 px, its Message field
  // 81 px lower once the times came).
  const loading = slots.status === 'loading';
  return (
    <fieldset className="lead-form__fieldset lead-form__appointment" aria-describedby={note ? noteId : undefined}>
      <legend>Preferred date and time (optional)</legend>
      {note && !loading ? (
        <p id={noteId} className="lead-form__hint">
          {note}
        </p>
      ) : null}
      {loading || days.length > 0 ? (
        <div className="lead-form__row">
          <div className="lead-form__field">
            <label htmlFor={dayId}>Day</label>
            <select
              id={dayId}
              value={day}
              disabled={loading}
              onChange={(e) => {
                setDay(e.target.value);
                setValue('appointment', '');
              }}
            >
              <option value="">Any day</option>
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          {chosen ? (
            <div className="lead-form__field">
              <label htmlFor={ids.field('appointment')}>Time</label>
              <select
                id={ids.field('appointment')}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error('appointment') : undefined}
                {...register('appointment')}
              >
                <option value="">Any time</option>
                {chosen.slots.map((s) => (
                  <option key={s.start} value={s.start}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      ) : null}
      {loading ? (
        <p id={noteId} className="lead-form__hint" role="status">
          {note}
        </p>
      ) : null}
      {slots.status === 'ready' && slots.data.time_zone ? <p className="lead-form__hint">Times are local to the dealership ({slots.data.time_zone}).</p> : null}
      {error ? (
        <p id={ids.error('appointment')} className="lead-form__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
