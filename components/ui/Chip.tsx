import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { IconButton } from './IconButton';

export function Chip({ icon, label, onRemove, removeLabel }: { icon?: ReactNode; label: string; onRemove?(): void; removeLabel?: string }) {
  return (
    <span className="ui-chip">
      {icon}
      <span className="ui-chip-label" dir="auto">
        {label}
      </span>
      {onRemove && removeLabel && <IconButton label={removeLabel} icon={<X size={12} />} size="sm" onClick={onRemove} />}
    </span>
  );
}
