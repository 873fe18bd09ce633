import { Suspense, useRef, useState } from 'react';
import { lazyView } from '../app/on-demand';
import { useTranslation } from 'react-i18next';
import { AudioLines } from 'lucide-react';
import { IconButton } from '../ui/IconButton';
import { Popover, useAnchorToggle } from '../ui/Popover';

// The voice lists are only needed once the user asks to change the voice.
const ReaderVoiceChooser = lazyView(() => import('./ReaderVoiceChooser').then((m) => m.ReaderVoiceChooser));

/** The reading bar's "Voice" button: the voice of the engine that reads, picked in a popover. */
export function ReaderVoice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const toggle = useAnchorToggle(open, setOpen);
  return (
    <>
      <IconButton
        ref={anchor}
        label={t('readerBar.voice')}
        icon={<AudioLines size={16} />}
        size="sm"
        tooltipSide="bottom"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...toggle}
      />
      <Popover open={open} onOpenChange={setOpen} anchorRef={anchor} label={t('readerBar.voice')} placement="bottom-end">
        {open && (
          <Suspense fallback={<p className="reader-voice-loading">{t('common.loading')}</p>}>
            <ReaderVoiceChooser />
          </Suspense>
        )}
      </Popover>
    </>
  );
}
