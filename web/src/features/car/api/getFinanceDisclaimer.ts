import { getJSON } from '../../../lib/http';
import { useResource } from '../../../lib/useResource';

/** FinanceDisclaimer is the body of GET /api/cars/{id}/finance-disclaimer (docs/contracts.md). */
export interface FinanceDisclaimer {
  car_id: string;
  provider: string;
  disclaimer: string;
}

/** getFinanceDisclaimer fetches the provider's disclaimer at the path the car's view names. */
export function getFinanceDisclaimer(path: string, signal?: AbortSignal): Promise<FinanceDisclaimer> {
  return getJSON<FinanceDisclaimer>(path, signal);
}

/** useFinanceDisclaimer loads the disclaimer when the finance block mounts (spec 001 §4: lazily, with a spinner). */
export function useFinanceDisclaimer(path: string) {
  return useResource(`finance-disclaimer:${path}`, (signal) => getFinanceDisclaimer(path, signal));
}
