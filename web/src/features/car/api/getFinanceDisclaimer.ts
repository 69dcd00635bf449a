import { getJSON } from '../../../lib/http';
import type { FinanceDisclaimerResponse } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** getFinanceDisclaimer fetches the provider's disclaimer at the path the car's view names. */
export function getFinanceDisclaimer(path: string, signal?: AbortSignal): Promise<FinanceDisclaimerResponse> {
  return getJSON<FinanceDisclaimerResponse>(path, signal);
}

/** useFinanceDisclaimer loads the disclaimer when the finance block mounts (spec 001 §4: lazily, with a spinner). */
export function useFinanceDisclaimer(path: string) {
  return useResource(`finance-disclaimer:${path}`, (signal) => getFinanceDisclaimer(path, signal));
}
