import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import type { SavedPrompt } from '../../lib/core/prompts';
import { CheckField, Field } from '../ui/Field';
import { IconButton } from '../ui/IconButton';

/** One prompt of the library as a form: its title and text, whether the menu offers it, and moving, copying or removing it. */
export function PromptItem({
  prompt: p,
  first,
  last,
  full,
  onEdit,
  onMove,
  onDuplicate,
  onRemove,
}: {
  prompt: SavedPrompt;
  first: boolean;
  last: boolean;
  /** No room for a copy. */
  full: boolean;
  onEdit(patch: Partial<SavedPrompt>): void;
  onMove(by: -1 | 1): void;
  onDuplicate(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const title = p.title.trim() || t('prompts.settings.untitled');
  return (
    <li className="prompt-item">
      <Field label={t('prompts.settings.title')}>
        {(f) => <input {...f} dir="auto" value={p.title} onChange={(e) => onEdit({ title: e.target.value })} />}
      </Field>
      <Field label={t('prompts.settings.text')}>
        {(f) => <textarea {...f} dir="auto" rows={4} value={p.text} onChange={(e) => onEdit({ text: e.target.value })} />}
      </Field>
      <div className="prompt-item-row">
        <CheckField label={t('prompts.settings.inMenu')}>
          <input type="checkbox" checked={p.inMenu} onChange={(e) => onEdit({ inMenu: e.target.checked })} />
        </CheckField>
        <span className="prompt-item-tools">
          <IconButton
            size="sm"
            icon={<ArrowUp size={16} />}
            label={t('prompts.settings.moveUp', { title })}
            disabled={first}
            onClick={() => onMove(-1)}
          />
          <IconButton
            size="sm"
            icon={<ArrowDown size={16} />}
            label={t('prompts.settings.moveDown', { title })}
            disabled={last}
            onClick={() => onMove(1)}
          />
          <IconButton
            size="sm"
            icon={<Copy size={16} />}
            label={t('prompts.settings.duplicate', { title })}
            disabled={full}
            onClick={onDuplicate}
          />
          <IconButton
            size="sm"
            variant="danger"
            icon={<Trash2 size={16} />}
            label={t('prompts.settings.remove', { title })}
            onClick={onRemove}
          />
        </span>
      </div>
    </li>
  );
}
