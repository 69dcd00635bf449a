import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSite } from '../../lib/siteContext';
import type { Location } from '../../lib/types';
import { FieldError, SelectField, TextField } from './fields';
import type { LeadFormValues } from './useLeadForm';

/**
 * ContactFields is the contact field set of spec 001 §3 and §5: first name,
 * last name, mobile, email (a phone or an email), postcode (required, exactly
 * 4 digits, at most 4 typed), the location select with the site's placeholder
 * when the form asks for one, and the dealership select when the site has
 * several dealerships. A select with one option is chosen for the shopper and
 * not shown (spec 001 §4 "auto-chooses when only one option exists").
 */
export function ContactFields({ location = false, locations }: { location?: boolean; locations?: Location[] }) {
  const { site } = useSite();
  const { watch, setValue, getValues } = useFormContext<LeadFormValues>();
  const dealerships = site.dealerships ?? [];
  const dealership = watch('dealership_slug');
  const options = (locations ?? visibleLocations(site.locations)).filter((l) => !dealership || !l.dealership_slug || l.dealership_slug === dealership);
  const onlyLocation = location && options.length === 1 ? options[0] : undefined;

  useEffect(() => {
    if (onlyLocation && getValues('location_id') !== onlyLocation.id) setValue('location_id', onlyLocation.id);
  }, [onlyLocation, getValues, setValue]);

  // Choosing a location of one dealership chooses that dealership.
  const onLocation = (id: string) => {
    const loc = options.find((l) => l.id === id);
    if (loc?.dealership_slug && dealerships.some((d) => d.slug === loc.dealership_slug)) setValue('dealership_slug', loc.dealership_slug);
  };

  return (
    <fieldset className="lead-form__fieldset">
      <legend className="visually-hidden">Your details</legend>
      <div className="lead-form__row">
        <TextField name="name" text="First Name" required autoComplete="given-name" />
        <TextField name="last_name" text="Last Name" autoComplete="family-name" />
      </div>
      <p className="lead-form__hint">A mobile number or an email, so we can reply.</p>
      {/* Neither given: one message under the pair, on both inputs (issue 32 item 14). */}
      <div className="lead-form__row">
        <TextField name="phone" text="Mobile Number" type="tel" autoComplete="tel" ownError={false} />
        <TextField name="email" text="Email" type="email" autoComplete="email" sharedError="phone" />
      </div>
      <FieldError name="phone" />
      <TextField name="postcode" text="Postcode" required inputMode="numeric" autoComplete="postal-code" maxLength={4} />
      {dealerships.length > 1 ? (
        <SelectField
          name="dealership_slug"
          text="Dealership"
          required
          placeholder={site.leads?.dealership_placeholder || 'Select a Preferred Dealership'}
          options={dealerships.map((d) => ({ value: d.slug, label: d.name }))}
          onChange={() => {
            const loc = getValues('location_id');
            if (loc && !options.some((l) => l.id === loc)) setValue('location_id', '');
          }}
        />
      ) : null}
      {location && !onlyLocation && options.length > 0 ? (
        <SelectField
          name="location_id"
          text="Location"
          required
          placeholder={site.leads?.location_placeholder || 'Please Select a Dealership Location'}
          options={options.map((l) => ({ value: l.id, label: l.name }))}
          onChange={onLocation}
        />
      ) : null}
    </fieldset>
  );
}

/** visibleLocations are the site's locations a shopper may pick. */
export function visibleLocations(locations?: Location[]): Location[] {
  return (locations ?? []).filter((l) => l.visible !== false);
}
