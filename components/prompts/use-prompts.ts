import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedPrompt } from '../../lib/core/prompts';
import { panelStarters } from './panel-starters';
import { loadPrompts } from '../../lib/prompts/library';
import { onStorageChange } from '../../lib/storage/change-feed';

/** The prompt library in the interface language, re-read whenever any extension page changes it; undefined while loading. */
export function usePrompts(): SavedPrompt[] | undefined {
  const { i18n } = useTranslation();
  const [prompts, setPrompts] = useState<SavedPrompt[]>();
  const locale = i18n.language;
  useEffect(() => {
    let current = true;
    const load = () =>
      void loadPrompts(panelStarters(i18n)).then((list) => {
        if (current) setPrompts(list);
      });
    load();
    const stop = onStorageChange((change) => {
      if (change.type === 'prefs' && change.id === 'prompts') load();
    });
    return () => {
      current = false;
      stop();
    };
  }, [i18n, locale]);
  return prompts;
}
