import { createContext, useContext, type ReactNode } from 'react';
import type { Car } from '../../lib/types';

/** CardActions are car card actions a feature provides; the app composes them (bulletproof-react). */
export interface CardActions {
  /**
   * requestPhotos renders the Request Photos form of a car without photos
   * (spec 000 §2); the card shows its button only when one is provided.
   */
  requestPhotos?: (props: { car: Car; title: string; onClose: () => void }) => ReactNode;
}

const CardActionsContext = createContext<CardActions>({});

export function CardActionsProvider({ value, children }: { value: CardActions; children: ReactNode }) {
  return <CardActionsContext.Provider value={value}>{children}</CardActionsContext.Provider>;
}

export function useCardActions(): CardActions {
  return useContext(CardActionsContext);
}
