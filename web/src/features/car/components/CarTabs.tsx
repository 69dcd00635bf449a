import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CarTab } from '../../../lib/types';

/**
 * CarTabs are the car page's tabs (spec 000 §2) as the WAI-ARIA tabs
 * pattern: one tab stop, arrow keys (and Home / End) move between tabs and
 * show their panel. The server sends which tabs show, their order, titles
 * and texts (view.tabs); renderPanel fills the tabs whose content is the
 * car's own (dealer comments, features).
 */
export function CarTabs({ tabs, label, renderPanel }: { tabs: CarTab[]; label: string; renderPanel: (tab: CarTab) => ReactNode }) {
  const base = useId();
  const [active, setActive] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  if (tabs.length === 0) return null;
  const current = Math.min(active, tabs.length - 1);

  const select = (i: number) => {
    const next = (i + tabs.length) % tabs.length;
    setActive(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      select(moves[e.key]);
    }
  };

  return (
    <div className="car-tabs">
      <div role="tablist" aria-label={label} className="tabs car-tabs__list">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={i === current}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={i === current ? 0 : -1}
            className="car-tabs__tab"
            onClick={() => setActive(i)}
            onKeyDown={onKeyDown}
          >
            {t.title}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={i !== current}
          tabIndex={0}
          className="car-tabs__panel"
        >
          {i === current ? renderPanel(t) : null}
        </div>
      ))}
    </div>
  );
}

/** TabText renders a tab's text: paragraphs are separated by blank lines. */
export function TabText({ body }: { body?: string }) {
  const paragraphs = (body ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}
