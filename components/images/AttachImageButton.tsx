import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus } from 'lucide-react';
import { ATTACHABLE_IMAGE_TYPES } from '../../lib/core/images';
import { IconButton } from '../ui/IconButton';
import { useAttachments } from './attachments-store';

/** Picks image files to attach. */
export function AttachImageButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton label={t('images.attach')} icon={<ImagePlus size={18} />} tooltipSide="top" onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept={ATTACHABLE_IMAGE_TYPES.join(',')}
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('images.attach')}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void useAttachments.getState().add(files);
        }}
      />
    </>
  );
}
