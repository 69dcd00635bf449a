import { lazy, Suspense } from 'react';
import type { CardActions } from '../components/search/cardActions';

// The form engine loads only when a shopper opens Request Photos, so the listing's initial JavaScript stays small.
const RequestPhotosModal = lazy(() => import('../features/leads/components/RequestPhotosModal'));

/** cardActions are the car card actions the features provide (the leads feature's Request Photos). */
export const cardActions: CardActions = {
  requestPhotos: (props) => (
    <Suspense fallback={null}>
      <RequestPhotosModal {...props} />
    </Suspense>
  ),
};
