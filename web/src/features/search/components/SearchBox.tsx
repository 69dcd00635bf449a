import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchBox } from 'react-instantsearch';

export const SEARCH_DEBOUNCE_MS = 300;

/** SearchBox is the free-text search, debounced 300 ms (spec 000 §5). */
export function SearchBox() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A stable hook: the connector compares its props, and a new function each
  // render would re-create the widget on every render.
  const queryHook = useCallback((q: string, search: (value: string) => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(q), SEARCH_DEBOUNCE_MS);
  }, []);
  const { query, refine } = useSearchBox({ queryHook });
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  // Follow the state when it changes from outside (back button, clear filters).
  useEffect(() => {
    if (document.activeElement !== input.current) setValue(query);
  }, [query]);

  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        refine(value);
        input.current?.blur();
      }}
    >
      <label htmlFor="search-query" className="visually-hidden">
        Search cars
      </label>
      <input
        ref={input}
        id="search-query"
        type="search"
        placeholder="Make, model or keyword"
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          refine(e.target.value);
        }}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
