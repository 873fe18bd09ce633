import type { ReactNode } from 'react';
import { IconButton, type IconButtonProps } from './IconButton';
import { Popover, usePopoverTrigger } from './Popover';
import type { Placement } from './position';

/** An icon button that opens a dialog beside it, both named by `label`; what it holds is mounted only while open. */
export function PopoverButton({
  label,
  icon,
  size,
  tooltipSide,
  placement,
  children,
}: Pick<IconButtonProps, 'label' | 'icon' | 'size' | 'tooltipSide'> & { placement: Placement; children: ReactNode }) {
  const { open, setOpen, anchor, trigger } = usePopoverTrigger('dialog');
  return (
    <>
      <IconButton label={label} icon={icon} size={size} tooltipSide={tooltipSide} {...trigger} />
      <Popover open={open} onOpenChange={setOpen} anchorRef={anchor} label={label} placement={placement}>
        {children}
      </Popover>
    </>
  );
}
