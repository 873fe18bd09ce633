import { useRef, type ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { IconButton } from './IconButton';
import { Popover, usePopoverTrigger } from './Popover';
import { rovingIndex } from './roving';

export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onSelect(): void;
}

export interface MenuProps {
  /** Names the trigger, e.g. "More actions for Trip plans". */
  label: string;
  icon?: ReactNode;
  items: MenuItem[];
  size?: 'sm' | 'md';
  /** -1 when the trigger sits in a composite widget that manages its own Tab stop (e.g. a list with roving focus). */
  tabIndex?: number;
}

/** An overflow menu: arrow keys, Home and End move, Enter or Space picks, Escape closes and returns focus. */
export function Menu({ label, icon = <MoreHorizontal size={16} />, items, size = 'sm', tabIndex }: MenuProps) {
  const { open, setOpen, anchor, trigger } = usePopoverTrigger('menu');
  const panel = useRef<HTMLDivElement>(null);
  const itemsOf = () => [...(panel.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => itemsOf()[index]?.focus();

  return (
    <>
      <IconButton
        {...trigger}
        label={label}
        icon={icon}
        size={size}
        tabIndex={tabIndex}
        onClick={() => {
          trigger.onClick();
          requestAnimationFrame(() => focusItem(0));
        }}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          setOpen(true);
          requestAnimationFrame(() => focusItem(e.key === 'ArrowUp' ? items.length - 1 : 0));
        }}
      />
      <Popover
        open={open}
        onOpenChange={setOpen}
        anchorRef={anchor}
        label={label}
        role="menu"
        placement="bottom-end"
        ref={panel}
        className="ui-menu"
      >
        {items.map((item, index) => (
          <button
            key={item.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={item.disabled}
            className={`ui-menu-item${item.danger ? ' ui-menu-item-danger' : ''}`}
            onKeyDown={(e) => {
              const next = rovingIndex(e, index, items.length, 'vertical');
              if (next === undefined) return;
              e.preventDefault();
              focusItem(next);
            }}
            onClick={() => {
              setOpen(false);
              anchor.current?.focus();
              item.onSelect();
            }}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        ))}
      </Popover>
    </>
  );
}
