/** 24×24 outline icons for the reader's buttons; their names come from the buttons' labels. */
const PATHS = {
  previous: 'M6 5v14M19 5 9 12l10 7z',
  next: 'M18 5v14M5 5l10 7-10 7z',
  pause: 'M8 5v14M16 5v14',
  play: 'M7 4.5v15L19.5 12z',
  stop: 'M6 6h12v12H6z',
  speaker: 'M4 9v6h4l5 4V5L8 9zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
} as const;

export type ReaderIconName = keyof typeof PATHS;

export function ReaderIcon({ name }: { name: ReaderIconName }) {
  return (
    <svg className="reader-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
