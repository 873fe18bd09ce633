import { useTranslation } from 'react-i18next';
import { Download, Trash2, Upload } from 'lucide-react';
import { toChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import { panelStarters } from '../prompts/panel-starters';
import { loadPersonas } from '../prompts/use-personas';
import { loadPrompts } from '../../lib/prompts/library';
import { Button } from '../ui/Button';
import { confirmDialog } from '../ui/confirm';
import { showToast } from '../ui/toast';
import { useErrorText } from '../common/use-error-text';
import { useConversationImport } from '../history/ConversationImport';
import { downloadExport } from '../history/use-conversations';
import { startAfresh } from '../startup';

/** Export and import of conversations, and clearing everything Parley stored. */
export function DataSection() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const importer = useConversationImport();

  /** Everything the user made: the conversations and, to go with them, the prompt library and the personas. */
  const exportEverything = async () =>
    downloadExport(undefined, { prompts: await loadPrompts(panelStarters(i18n)), personas: await loadPersonas() });

  const clearAll = async () => {
    const sure = await confirmDialog({
      title: t('settings.data.clearTitle'),
      message: t('settings.data.clearMessage'),
      confirmLabel: t('settings.data.clearConfirm'),
      danger: true,
    });
    if (!sure) return;
    try {
      await request('data.clear', {});
    } catch (e) {
      showToast({ message: errorText(toChatError(e)).title, tone: 'error' });
      return;
    }
    // Every view holds something that is gone now.
    startAfresh();
  };

  return (
    <div className="settings-data">
      <section className="settings-group" aria-labelledby="data-conversations">
        <h4 id="data-conversations">{t('settings.data.conversations')}</h4>
        <p className="settings-hint">{t('settings.data.conversationsHint')}</p>
        <div className="settings-actions">
          <Button icon={<Download size={16} />} onClick={() => void exportEverything()}>
            {t('history.export')}
          </Button>
          <Button icon={<Upload size={16} />} onClick={importer.choose}>
            {t('history.import')}
          </Button>
        </div>
        {importer.view}
      </section>
      <section className="settings-group settings-danger" aria-labelledby="data-clear">
        <h4 id="data-clear">{t('settings.data.clearTitle')}</h4>
        <p className="settings-hint">{t('settings.data.clearHint')}</p>
        <Button variant="danger" icon={<Trash2 size={16} />} onClick={() => void clearAll()}>
          {t('settings.data.clear')}
        </Button>
      </section>
    </div>
  );
}
