import { useState, type ReactNode } from 'react';
import './FacetSection.css';

const STORAGE_KEY = 'forecourt:facet-sections';

function readRemembered(): Record<string, boolean> {
  try {
    return JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

/**
 * FacetSection is a collapsible filter group (spec 000 §4). With remember on,
 * its open state is kept in localStorage across visits.
 */
export function FacetSection({
  id,
  title,
  remember,
  defaultOpen = true,
  children,
}: {
  id: string;
  title: string;
  remember?: boolean;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(() => {
    if (!remember) return defaultOpen;
    return readRemembered()[id] ?? defaultOpen;
  });
  // Animate only what the shopper opens, not every section on page load.
  const [animate, setAnimate] = useState(false);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    setAnimate(true);
    if (remember) window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readRemembered(), [id]: next }));
  };
  const panelId = `facet-${id}`;
  return (
    <section className={`facet${open ? ' facet--open' : ''}${animate ? ' facet--animate' : ''}`} aria-labelledby={`${panelId}-title`}>
      <h3 className="facet__title" id={`${panelId}-title`}>
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          {title}
          <span className="facet__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} className="facet__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
