import { useRef, type ReactNode } from 'react';
import { Upload } from 'lucide-react';
import { Button } from './Button';

export interface JsonFileChooser {
  /** Opens the browser's file chooser. */
  choose(): void;
  /** The hidden file input: placed anywhere in the view. */
  input: ReactNode;
}

/**
 * A file chooser for one JSON file, opened from a button of the caller's; `onFile` gets the file chosen. The same
 * file can be chosen again straight after (a corrected one, or after a failed import).
 */
export function useJsonFileChooser(fileLabel: string, onFile: (file: File) => void): JsonFileChooser {
  const fileInput = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={fileInput}
      type="file"
      accept="application/json,.json"
      hidden
      aria-label={fileLabel}
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) onFile(file);
        e.target.value = '';
      }}
    />
  );
  return { choose: () => fileInput.current?.click(), input };
}

/** An import button that opens a chooser for one JSON file; what the file means, and what to say of it, is the caller's. */
export function JsonFileImport({ label, fileLabel, onFile }: { label: string; fileLabel: string; onFile(file: File): void }) {
  const chooser = useJsonFileChooser(fileLabel, onFile);
  return (
    <>
      <Button icon={<Upload size={16} />} onClick={chooser.choose}>
        {label}
      </Button>
      {chooser.input}
    </>
  );
}
