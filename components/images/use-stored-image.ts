import { useEffect, useState } from 'react';
import { loadImageBlob } from '../../lib/storage/images';

/** An object URL for the stored image `id`, read from the database once asked for and let go when no longer shown. */
export function useStoredImage(id: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let current: string | undefined;
    let live = true;
    void loadImageBlob(id).then((blob) => {
      if (!blob || !live) return;
      current = URL.createObjectURL(blob);
      setUrl(current);
    });
    return () => {
      live = false;
      if (current) URL.revokeObjectURL(current);
    };
  }, [id]);
  return url;
}
