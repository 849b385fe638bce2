import { useId } from 'react';
import './search-field.css';

interface SearchFieldProps {
  /** 'Search players', said by a screen reader and shown. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  /** How many items match, announced politely while typing; null when nothing is typed. */
  matches: number | null;
  /** 'player' / 'players'. */
  noun: [string, string];
}

/** A search box over a list already loaded, with a clear button and the number of matches. */
export function SearchField({ label, value, onValueChange, placeholder, matches, noun }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="search-field" role="search" aria-label={label}>
      <label htmlFor={id} className="search-field__label">
        {label}
      </label>
      <div className="search-field__row">
        <input
          id={id}
          type="search"
          className="input search-field__input"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              onValueChange('');
            }
          }}
        />
        {value && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onValueChange('')}
          >
            Clear<span className="visually-hidden"> search</span>
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {matches === null ? '' : `${matches} ${matches === 1 ? noun[0] : noun[1]} found`}
      </p>
    </div>
  );
}
