import { useEffect, useState } from 'react';
import type { Persona } from '../../lib/core/prompts';
import { onStorageChange } from '../../lib/storage/change-feed';
import { getPref, setPref } from '../../lib/storage/prefs';

export interface PersonaList {
  personas: Persona[];
  defaultId?: string;
}

/** The saved personas and the default one, once. */
export async function loadPersonaList(): Promise<PersonaList> {
  const [personas, defaultId] = await Promise.all([getPref('personas'), getPref('defaultPersonaId')]);
  return { personas, ...(defaultId ? { defaultId } : {}) };
}

/** The saved personas alone, as an import adds to them or an export takes them. */
export const loadPersonas = (): Promise<Persona[]> => getPref('personas');

/** Which persona new chats start with; undefined for none. */
export const saveDefaultPersona = (id: string | undefined): Promise<void> => setPref('defaultPersonaId', id);

/** The saved personas and the default one, re-read whenever any extension page changes them; undefined while loading. */
export function usePersonas(): PersonaList | undefined {
  const [list, setList] = useState<PersonaList>();
  useEffect(() => {
    let current = true;
    const load = () =>
      void loadPersonaList().then((loaded) => {
        if (current) setList(loaded);
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
