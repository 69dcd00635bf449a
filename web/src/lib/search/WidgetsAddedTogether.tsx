import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';

type AddWidgets = ReturnType<typeof useInstantSearchContext>['mainIndex']['addWidgets'];

/** Held is the index's own addWidgets and the widgets held back from it. */
interface Held {
  add: AddWidgets;
  widgets: Parameters<AddWidgets>[0];
}

/**
 * WidgetsAddedTogether hands InstantSearch the widgets a page mounts at once
 * in one call (issue 14, the listing's TBT). Each widget adds itself in its
 * own layout effect, and each `addWidgets` call recomputes the search
 * parameters of every widget added so far and tells every state listener:
 * the listing's 19 widgets made that 19 times in the first commit, about 100
 * ms of a phone's main thread in one task. Its first child holds the calls
 * back (its layout effect runs before any widget's below it) and it sends
 * them as one once its own layout effect runs (after every widget's: React
 * runs a parent's layout effects after its children's). Widgets mounted
 * later add themselves as before.
 */
export function WidgetsAddedTogether({ children }: { children: ReactNode }) {
  const index = useInstantSearchContext().mainIndex;
  const held = useRef<Held | null>(null);
  useLayoutEffect(() => {
    const h = held.current;
    if (!h) return;
    held.current = null;
    index.addWidgets = h.add;
    if (h.widgets.length) h.add.call(index, h.widgets);
  }, [index]);
  return (
    <>
      <HoldWidgets held={held} />
      {children}
    </>
  );
}

function HoldWidgets({ held }: { held: RefObject<Held | null> }) {
  const index = useInstantSearchContext().mainIndex;
  useLayoutEffect(() => {
    if (held.current) return;
    const h: Held = { add: index.addWidgets, widgets: [] };
    held.current = h;
    index.addWidgets = (widgets) => {
      h.widgets.push(...widgets);
      return index;
    };
  }, [index, held]);
  return null;
}
