import { useEffect, useState } from 'react';
import { getJSON } from '../../../lib/http';
import { inlinedJSON } from '../../../lib/inlined';
import type { OfferView, OffersResponse } from '../../../lib/types';
import { useResource, type Resource } from '../../../lib/useResource';

/** The scripts a painted offers page or offer's page carries its data in (functions/httpapi pagepaint.go). */
export const INLINED_OFFERS_ID = 'forecourt-offers';
export const INLINED_OFFER_ID = 'forecourt-offer';

/**
 * useInlined is the document's inlined answer for its first render only
 * (issue 34): read once, and the script goes once that render is on
 * screen, so a later visit in the session fetches the current one.
 */
function useInlined<T>(id: string, valid: (body: T) => unknown): Resource<T> | undefined {
  const [given] = useState(() => {
    const data = inlinedJSON<T>(id, valid);
    return data === undefined ? undefined : ({ status: 'ready', data } as const);
  });
  useEffect(() => document.getElementById(id)?.remove(), [id]);
  return given;
}

/** getOffers fetches the offers the requesting site shows (the server drops those excluding it). */
export function getOffers(signal?: AbortSignal): Promise<OffersResponse> {
  return getJSON<OffersResponse>('/api/offers', signal);
}

export function useOffersQuery() {
  const given = useInlined<OffersResponse>(INLINED_OFFERS_ID, (b) => Array.isArray(b.offers));
  return useResource('offers', (signal) => getOffers(signal), given);
}

/** getOffer fetches one offer the site shows; a 404 ApiError otherwise. */
export function getOffer(id: string, signal?: AbortSignal): Promise<OfferView> {
  return getJSON<OfferView>(`/api/offers/${encodeURIComponent(id)}`, signal);
}

export function useOfferQuery(id: string) {
  const inlined = useInlined<OfferView>(INLINED_OFFER_ID, (b) => typeof b.id === 'string');
  const given = inlined?.status === 'ready' && inlined.data.id === id ? inlined : undefined;
  return useResource(`offer:${id}`, (signal) => getOffer(id, signal), given);
}
