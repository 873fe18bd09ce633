import { Suspense } from 'react';
import { lazyView } from '../common/on-demand';
import { useTranslation } from 'react-i18next';
import { AudioLines } from 'lucide-react';
import { PopoverButton } from '../ui/PopoverButton';

// The voice lists are only needed once the user asks to change the voice.
const ReaderVoiceChooser = lazyView(() => import('./ReaderVoiceChooser').then((m) => m.ReaderVoiceChooser));

/** The reading bar's "Voice" button: the voice of the engine that reads, picked in a popover. */
export function ReaderVoice() {
  const { t } = useTranslation();
  return (
    <PopoverButton label={t('readerBar.voice')} icon={<AudioLines size={16} />} size="sm" tooltipSide="bottom" placement="bottom-end">
      <Suspense fallback={<p className="reader-voice-loading">{t('common.loading')}</p>}>
        <ReaderVoiceChooser />
      </Suspense>
    </PopoverButton>
  );
}
