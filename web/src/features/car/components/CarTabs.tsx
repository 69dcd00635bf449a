import { useId, useState, type ReactNode } from 'react';
import { TabList } from '../../../components/Tabs';
import type { CarTab } from '../../../lib/types';

/**
 * CarTabs are the car page's tabs (spec 000 §2) as the WAI-ARIA tabs
 * pattern (TabList: one tab stop, arrow keys, Home and End move between
 * tabs and show their panel). The server sends which tabs show, their order, titles
 * and texts (view.tabs); renderPanel fills the tabs whose content is the
 * car's own (dealer comments, features).
 */
export function CarTabs({ tabs, label, renderPanel }: { tabs: CarTab[]; label: string; renderPanel: (tab: CarTab) => ReactNode }) {
  const base = useId();
  const [active, setActive] = useState(0);
  if (tabs.length === 0) return null;
  const current = Math.min(active, tabs.length - 1);

  return (
    <div className="car-tabs">
      <TabList
        tabs={tabs.map((t) => ({ key: t.id, id: `${base}-tab-${t.id}`, controls: `${base}-panel-${t.id}`, label: t.title }))}
        current={current}
        onSelect={setActive}
        label={label}
        className="tabs car-tabs__list"
        tabClassName="car-tabs__tab"
      />
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
