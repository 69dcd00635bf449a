import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

// :scope, because "ul a" alone also matches through the menu's own <ul> around the group.
const FIRST_ENTRY = ':scope > ul a, :scope > ul button';

/**
 * Dropdown is one header menu group (spec 001 §2): a button that opens a
 * list on click, or on hover too where the site's header.hover_menus says
 * so: a mouse's hover (pointerType mouse, issue 32), never a tap's emulated
 * mouseenter, which opened the group just before the tap's click closed it;
 * a click right after hover opened it keeps it open. The open state is on
 * the group (class nav-group--open) and on the button (aria-expanded). Escape closes it and returns focus to the button;
 * a click outside, focus leaving the group, or a navigation closes it.
 * ArrowDown on the button opens it and focuses the first entry.
 */
export function Dropdown({
  label,
  hover,
  className,
  onOpen,
  children,
}: {
  label: ReactNode;
  hover: boolean;
  className?: string;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const group = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(false);
  const hovered = useRef(false);
  const { pathname } = useLocation();

  // onOpen is a fresh closure each render; opening is what calls it, so the latest one is kept aside.
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current = onOpen;
  });
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) opened.current?.();
  }, [open]);
  useEffect(() => {
    if (!open) {
      hovered.current = false;
      return;
    }
    if (focusFirst.current) {
      focusFirst.current = false;
      group.current?.querySelector<HTMLElement>(FIRST_ENTRY)?.focus();
    }
    const onPointer = (e: PointerEvent) => {
      if (!group.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li
      ref={group}
      className={`nav-group${open ? ' nav-group--open' : ''}${className ? ` ${className}` : ''}`}
      onPointerEnter={(e) => {
        if (hover && e.pointerType === 'mouse' && !open) setOpen((hovered.current = true));
      }}
      onPointerLeave={(e) => {
        if (hover && e.pointerType === 'mouse') setOpen((hovered.current = false));
      }}
      onBlur={(e) => {
        if (!group.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (hovered.current) hovered.current = false;
          else setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            focusFirst.current = true;
            if (open) group.current?.querySelector<HTMLElement>(FIRST_ENTRY)?.focus();
            else setOpen(true);
          }
        }}
      >
        {label}
        <span className="nav-group__caret" aria-hidden="true" />
      </button>
      <ul id={id} hidden={!open}>
        {children}
      </ul>
    </li>
  );
}
