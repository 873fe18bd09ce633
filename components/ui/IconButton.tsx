import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { hideTooltip, showTooltip, showTooltipOnHover } from './tooltip';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  variant?: 'ghost' | 'solid' | 'danger';
  size?: 'sm' | 'md';
  tooltipSide?: 'top' | 'bottom';
  ref?: Ref<HTMLButtonElement>;
}

/** An icon-only button: named for assistive technology, with a tooltip on hover and keyboard focus. */
export function IconButton({
  label,
  icon,
  pressed,
  variant = 'ghost',
  size = 'md',
  tooltipSide = 'bottom',
  className,
  ...rest
}: IconButtonProps) {
  const hide = (e: { currentTarget: HTMLButtonElement }) => hideTooltip(e.currentTarget);
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      aria-pressed={pressed}
      className={`ui-icon-button ui-icon-button-${variant} ui-icon-button-${size}${className ? ` ${className}` : ''}`}
      onPointerEnter={(e) => showTooltipOnHover(e.currentTarget, e, label, tooltipSide)}
      onPointerLeave={hide}
      onFocus={(e) => e.currentTarget.matches(':focus-visible') && showTooltip(e.currentTarget, label, tooltipSide)}
      onBlur={hide}
      onClick={(e) => {
        hideTooltip(e.currentTarget);
        rest.onClick?.(e);
      }}
    >
      {icon}
    </button>
  );
}
