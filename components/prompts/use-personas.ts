import { useEffect, useState } from 'react';
import type { Persona } from '../../lib/core/prompts';
import { onStorageChange } from '../../lib/storage/change-feed';
import { getPref } from '../../lib/storage/prefs';

export interface PersonaList {
  personas: Persona[];
  defaultId?: string;
}

/** The saved personas and the default one, re-read whenever any extension page changes them; undefined while loading. */
export function usePersonas(): PersonaList | undefined {
  const [list, setList] = useState<PersonaList>();
  useEffect(() => {
    let current = true;
    const load = () =>
      void Promise.all([getPref('personas'), getPref('defaultPersonaId')]).then(([personas, defaultId]) => {
        if (current) setList({ personas, ...(defaultId ? { defaultId } : {}) });
      });
    load();
    const stop = onStorageChange((change) => {
      if (change.type === 'prefs' && (change.id === 'personas' || change.id === 'defaultPersonaId')) load();
    });
    return () => {
      current = false;
      stop();
    };
  }, []);
  return list;
}
