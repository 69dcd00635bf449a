import { useLocations } from '../features/locations/api/getLocations';
import { VehicleMap } from '../features/locations/components/LocationMap';
import type { Car } from '../lib/types';
import '../features/locations/locations.css';

/**
 * CarMap is the car page's #vehicle-map (spec 001 §2; issue 33): the car's
 * own location, asked by its id (spec 001 §2's location filter), or the
 * site's primary location for a car that names none. Nothing shows while
 * it loads or when it cannot, as the section is an extra below the details.
 */
export default function CarMap({ car }: { car: Car }) {
  const state = useLocations({ type: car.location_id || 'primary' });
  return state.status === 'ready' ? <VehicleMap locations={state.data.locations ?? []} /> : null;
}
