import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchBox } from 'react-instantsearch';
import { SearchForm } from './SearchForm';

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
    <SearchForm
      label="Search cars"
      placeholder="Make, model or keyword"
      inputRef={input}
      value={value}
      onChange={(text) => {
        setValue(text);
        refine(text);
      }}
      onSubmit={() => {
        clearTimeout(timer.current);
        refine(value);
        input.current?.blur();
      }}
    />
  );
}
