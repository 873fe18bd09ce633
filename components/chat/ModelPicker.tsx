import { Suspense, useId, useRef, useState } from 'react';
import { lazyView } from '../common/on-demand';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { Popover, useAnchorToggle } from '../ui/Popover';
import { useProvidersStore } from '../state/providers-store';
import './model-picker.css';

// The list, its search and keys load when the picker first opens.
const ModelMenu = lazyView(() => import('./ModelMenu').then((m) => m.ModelMenu));

/** The model in use; opens the searchable list of every provider's models (ModelMenu). */
export function ModelPicker({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  const { groups, selected, providers } = useProvidersStore();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const toggle = useAnchorToggle(open, setOpen);
  const id = useId();
  const current = groups.find((g) => g.providerId === selected?.providerId)?.models.find((m) => m.id === selected?.model);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="model-picker"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={!providers.length}
        {...toggle}
      >
        <span id={`${id}-label`} className="visually-hidden">
          {t('chat.model')}
        </span>
        <span id={`${id}-value`} className="model-picker-value" dir="auto">
          {current ? (current.label ?? current.id) : t('chat.noModels')}
        </span>
        <ChevronDown size={14} aria-hidden />
      </button>
      <Popover open={open} onOpenChange={setOpen} anchorRef={trigger} label={t('modelPicker.title')} className="model-popover">
        <Suspense fallback={null}>
          <ModelMenu close={() => setOpen(false)} onOpenSettings={onOpenSettings} />
        </Suspense>
      </Popover>
    </>
  );
}
