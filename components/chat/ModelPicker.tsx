import { Suspense, useId } from 'react';
import { lazyView } from '../common/on-demand';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { Popover, usePopoverTrigger } from '../ui/Popover';
import { useProvidersStore } from '../state/providers-store';
import './model-picker.css';

// The list, its search and keys load when the picker first opens.
const ModelMenu = lazyView(() => import('./ModelMenu').then((m) => m.ModelMenu));

/** The model in use; opens the searchable list of every provider's models (ModelMenu). */
export function ModelPicker({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  const { groups, selected, providers } = useProvidersStore();
  const { open, setOpen, anchor, trigger } = usePopoverTrigger('dialog');
  const id = useId();
  const current = groups.find((g) => g.providerId === selected?.providerId)?.models.find((m) => m.id === selected?.model);

  return (
    <>
      <button {...trigger} type="button" className="model-picker" aria-labelledby={`${id}-label ${id}-value`} disabled={!providers.length}>
        <span id={`${id}-label`} className="visually-hidden">
          {t('chat.model')}
        </span>
        <span id={`${id}-value`} className="model-picker-value" dir="auto">
          {current ? (current.label ?? current.id) : t('chat.noModels')}
        </span>
        <ChevronDown size={14} aria-hidden />
      </button>
      <Popover open={open} onOpenChange={setOpen} anchorRef={anchor} label={t('modelPicker.title')} className="model-popover">
        <Suspense fallback={null}>
          <ModelMenu close={() => setOpen(false)} onOpenSettings={onOpenSettings} />
        </Suspense>
      </Popover>
    </>
  );
}
