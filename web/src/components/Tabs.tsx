import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** Tab is one tab of a TabList: its element id, the id of the panel it shows, and its name. */
export interface Tab {
  key: string;
  id: string;
  controls: string;
  label: ReactNode;
}

/**
 * TabList is the tab row of the WAI-ARIA tabs pattern, the one keyboard
 * handling of the app's tabs (issue 36: the car page's and the location
 * page's had one each): one tab stop, ArrowRight and ArrowLeft (wrapping),
 * Home and End select a tab and move the focus to it. The panels are the
 * caller's, so each page keeps its markup.
 */
export function TabList({
  tabs,
  current,
  onSelect,
  label,
  className,
  tabClassName,
}: {
  tabs: Tab[];
  current: number;
  onSelect: (i: number) => void;
  label: string;
  className?: string;
  tabClassName?: string;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (i: number) => {
    const next = (i + tabs.length) % tabs.length;
    onSelect(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    select(moves[e.key]);
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t, i) => (
        <button
          key={t.key}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          id={t.id}
          aria-selected={i === current}
          aria-controls={t.controls}
          tabIndex={i === current ? 0 : -1}
          className={tabClassName}
          onClick={() => onSelect(i)}
          onKeyDown={onKeyDown}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
