import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { pendingConfirm } from './confirm';
import { Dialog } from './Dialog';

/** Renders the confirmation asked for with confirmDialog; mounted once by the app. */
export function DialogHost() {
  const { t } = useTranslation();
  const pending = pendingConfirm.use();
  return (
    <Dialog
      open={!!pending}
      onClose={() => pending?.resolve(false)}
      title={pending?.title ?? ''}
      className="ui-confirm"
      footer={
        <>
          <Button variant="ghost" onClick={() => pending?.resolve(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant={pending?.danger ? 'danger' : 'primary'} autoFocus onClick={() => pending?.resolve(true)}>
            {pending?.confirmLabel}
          </Button>
        </>
      }
    >
      {pending?.message && <p>{pending.message}</p>}
    </Dialog>
  );
}
