import { useId, type Ref } from 'react';
import './SearchForm.css';

/**
 * SearchForm is a search field with its Search button: the listing's text
 * search and the manufacturer directory's. The caller owns the text and what
 * typing and submitting do.
 */
export function SearchForm({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  inputRef,
}: {
  /** The field's accessible name ("Search cars"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
