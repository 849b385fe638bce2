import { useId, useRef, useState, type DragEvent } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_LIMITS } from '../../../../shared/documents.ts';

interface FileDropZoneProps {
  /** Several files at once (the Documents page) or one (the tournament widget). */
  multiple: boolean;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** The button's text. */
  browseLabel?: string;
}

/**
 * Drag and drop or browse (docs/product/documents.md). The drop area is for a mouse; the keyboard, screen
 * readers and phones use the real button, which opens the browser's file picker.
 */
export function FileDropZone({ multiple, onFiles, disabled = false, browseLabel }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const label = browseLabel ?? (multiple ? 'Choose files' : 'Choose a file');

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}`}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="drop-zone__text" aria-hidden="true">
        {multiple ? 'Drag files here, or' : 'Drag a file here, or'}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
      >
        {label}
      </button>
      <p id={hintId} className="drop-zone__hint">
        PDF, Word, JPG, PNG, GIF or text; up to {DOCUMENT_LIMITS.maxMegabytes} MB{multiple ? ' each' : ''}.
      </p>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple={multiple}
        accept={DOCUMENT_ACCEPT}
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again after removing it is noticed.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
