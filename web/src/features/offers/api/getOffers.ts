import { getJSON } from '../../../lib/http';
import type { OfferView, OffersResponse } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** getOffers fetches the offers the requesting site shows (the server drops those excluding it). */
export function getOffers(signal?: AbortSignal): Promise<OffersResponse> {
  return getJSON<OffersResponse>('/api/offers', signal);
}

export function useOffersQuery() {
  return useResource('offers', (signal) => getOffers(signal));
}

/** getOffer fetches one offer the site shows; a 404 ApiError otherwise. */
export function getOffer(id: string, signal?: AbortSignal): Promise<OfferView> {
  return getJSON<OfferView>(`/api/offers/${encodeURIComponent(id)}`, signal);
}

export function useOfferQuery(id: string) {
  return useResource(`offer:${id}`, (signal) => getOffer(id, signal));
}
