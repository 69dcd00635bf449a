import { createContext, useContext, type ReactNode } from 'react';
import type { Car } from '../../lib/types';

/** CarSave is the heart of one car as a card or the car page shows it (spec 000 §4). */
export interface CarSave {
  /** visible is false where the site saves nothing, and for a sold car that is not saved (spec 000 §4). */
  visible: boolean;
  saved: boolean;
  /** toggle saves or removes the car (or, signed out with the watchlist on, goes to sign-in). */
  toggle: () => void;
}

/**
 * CardActions are the actions on a car (its card and its page) that
 * features provide; the app composes them (bulletproof-react), so shared
 * components and the car page import no other feature (issue 36).
 */
export interface CardActions {
  /**
   * requestPhotos renders the Request Photos form of a car without photos
   * (spec 000 §2); the card shows its button only when one is provided.
   */
  requestPhotos?: (props: { car: Car; title: string; onClose: () => void }) => ReactNode;
  /** useSave is the heart's hook (the accounts feature's); the same function on every render. Without it no heart shows. */
  useSave?: (car: Car, name: string, sold: boolean) => CarSave;
  /** compare renders the car's Compare toggle (the compare feature's); without it none shows. */
  compare?: (props: { id: string; title: string; className?: string }) => ReactNode;
}

const CardActionsContext = createContext<CardActions>({});

export function CardActionsProvider({ value, children }: { value: CardActions; children: ReactNode }) {
  return <CardActionsContext.Provider value={value}>{children}</CardActionsContext.Provider>;
}

export function useCardActions(): CardActions {
  return useContext(CardActionsContext);
}

const NO_SAVE: CarSave = { visible: false, saved: false, toggle: () => {} };
const noSave = (): CarSave => NO_SAVE;

/** useCarHeart is the heart of one car from the provided actions; hidden where none are provided. */
export function useCarHeart(car: Car, name: string, sold: boolean): CarSave {
  const useSave = useCardActions().useSave ?? noSave;
  return useSave(car, name, sold);
}
