import { useLayoutEffect, type ReactNode } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';

type AddWidgets = ReturnType<typeof useInstantSearchContext>['mainIndex']['addWidgets'];

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
  useLayoutEffect(() => {
    const held = HELD.get(index);
    if (!held) return;
    HELD.delete(index);
    index.addWidgets = held.add;
    if (held.widgets.length) held.add.call(index, held.widgets);
  }, [index]);
  return (
    <>
      <HoldWidgets />
      {children}
    </>
  );
}

/** The calls held back per index until the commit's widgets are all in. */
const HELD = new WeakMap<object, { add: AddWidgets; widgets: Parameters<AddWidgets>[0] }>();

function HoldWidgets() {
  const index = useInstantSearchContext().mainIndex;
  useLayoutEffect(() => {
    if (HELD.has(index)) return;
    const held = { add: index.addWidgets, widgets: [] as Parameters<AddWidgets>[0] };
    HELD.set(index, held);
    index.addWidgets = (widgets) => {
      held.widgets.push(...widgets);
      return index;
    };
  }, [index]);
  return null;
}
