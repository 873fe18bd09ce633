import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape closes it, and focus returns to whatever
 * had it before the dialog opened.
 */
export function Dialog({ open, onClose, title, footer, className, children }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog ref={ref} aria-labelledby={titleId} className={`ui-dialog${className ? ` ${className}` : ''}`}>
      {open && (
        <>
          <header className="ui-dialog-header">
            <h2 id={titleId}>{title}</h2>
            <IconButton label={t('common.close')} icon={<X size={16} />} size="sm" onClick={onClose} />
          </header>
          <div className="ui-dialog-body">{children}</div>
          {footer && <footer className="ui-dialog-footer">{footer}</footer>}
        </>
      )}
    </dialog>
  );
}
