import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { IconButton } from './IconButton';
import { dismissToast, toasts } from './toast';

const ICONS = { info: Info, success: CircleCheck, error: CircleAlert };

/** The toasts' live region; mounted once by the app, always present so that new toasts are announced. */
export function Toaster() {
  const { t } = useTranslation();
  const list = toasts.use();
  return (
    <div className="ui-toaster" role="status" aria-live="polite">
      {list.map((toast) => {
        const Icon = ICONS[toast.tone];
        const act = (run: () => void) => () => {
          dismissToast(toast.id);
          run();
        };
        return (
          <div key={toast.id} className={`ui-toast ui-toast-${toast.tone}`}>
            <Icon size={16} aria-hidden />
            <span className="ui-toast-message">{toast.message}</span>
            {toast.undo && (
              <Button variant="ghost" onClick={act(toast.undo)}>
                {t('common.undo')}
              </Button>
            )}
            {toast.action && (
              <Button variant="ghost" onClick={act(toast.action.onAction)}>
                {toast.action.label}
              </Button>
            )}
            <IconButton
              label={t('common.dismiss')}
              icon={<X size={14} />}
              size="sm"
              tooltipSide="top"
              onClick={() => dismissToast(toast.id)}
            />
          </div>
        );
      })}
    </div>
  );
}
