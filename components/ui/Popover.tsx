import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { followAnchor, type Placement } from './position';

export interface PopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The control that opens it: the popover sits beside it and focus returns to it on close. */
  anchorRef: RefObject<HTMLElement | null>;
  label: string;
  placement?: Placement;
  role?: 'dialog' | 'menu' | 'listbox';
  className?: string;
  children: ReactNode;
  ref?: RefObject<HTMLDivElement | null>;
}

/**
 * A floating panel in the top layer (the HTML popover API): Escape and a click outside close it, as the platform does,
 * and focus goes back to the anchor when it closed with focus inside.
 */
export function Popover({
  open,
  onOpenChange,
  anchorRef,
  label,
  placement = 'bottom-start',
  role = 'dialog',
  className,
  children,
  ref,
}: PopoverProps) {
  const own = useRef<HTMLDivElement>(null);
  const panel = ref ?? own;
  const onChange = useRef(onOpenChange);
  onChange.current = onOpenChange;

  useLayoutEffect(() => {
    const el = panel.current;
    const anchor = anchorRef.current;
    if (!el || !anchor) return;
    if (!open) {
      if (el.matches(':popover-open')) el.hidePopover();
      return;
    }
    if (!el.matches(':popover-open')) el.showPopover();
    return followAnchor(anchor, el, placement);
  }, [open, anchorRef, panel, placement]);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const onToggle = (event: Event) => {
      const closed = (event as ToggleEvent).newState === 'closed';
      if (!closed) return;
      const active = document.activeElement;
      if (!active || active === document.body || el.contains(active)) anchorRef.current?.focus();
      onChange.current(false);
    };
    el.addEventListener('toggle', onToggle);
    return () => el.removeEventListener('toggle', onToggle);
  }, [panel, anchorRef]);

  return (
    <div ref={panel} popover="auto" role={role} aria-label={label} className={`ui-popover${className ? ` ${className}` : ''}`}>
      {open && children}
    </div>
  );
}

/**
 * Whether a popover is open, its anchor, and the props of the button that toggles it: the button says what it opens and
 * whether it is open. Pressing it while open first light-dismisses the popover (on pointerdown), so its click must not
 * open it again.
 */
export function usePopoverTrigger(opens: 'dialog' | 'menu') {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const openAtPress = useRef(false);
  const trigger = {
    ref: anchor,
    'aria-haspopup': opens,
    'aria-expanded': open,
    onPointerDown: () => void (openAtPress.current = open),
    onClick: () => {
      setOpen(!(open || openAtPress.current));
      openAtPress.current = false;
    },
  };
  return { open, setOpen, anchor, trigger };
}
