import { lazy, Suspense } from 'react';
import type { CardActions } from '../components/search/cardActions';
import { useCarSave } from '../features/accounts/lib/useCarSave';
import { CompareToggle } from '../features/compare/components/CompareToggle';

// The form engine loads only when a shopper opens Request Photos, so the listing's initial JavaScript stays small.
const RequestPhotosModal = lazy(() => import('../features/leads/components/RequestPhotosModal'));

/**
 * cardActions are the actions on a car that the features provide: the
 * leads feature's Request Photos, the accounts feature's heart and the
 * compare feature's toggle (issue 36: cards and the car page import no feature).
 */
export const cardActions: CardActions = {
  requestPhotos: (props) => (
    <Suspense fallback={null}>
      <RequestPhotosModal {...props} />
    </Suspense>
  ),
  useSave: useCarSave,
  compare: (props) => <CompareToggle {...props} />,
};
