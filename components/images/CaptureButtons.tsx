import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Crop, Monitor } from 'lucide-react';
import { IconButton } from '../ui/IconButton';
import { captureInto } from './capture';

/** "Capture an area of the page" and "Screenshot of the page": the picture joins the composer's images. */
export function CaptureButtons({ windowId }: { windowId: number | undefined }) {
  const { t } = useTranslation();
  const [capturing, setCapturing] = useState(false);
  const capture = (area: boolean) => {
    if (windowId === undefined) return;
    setCapturing(true);
    void captureInto(windowId, area).finally(() => setCapturing(false));
  };
  return (
    <>
      <IconButton
        label={t('images.captureArea')}
        icon={<Crop size={18} />}
        tooltipSide="top"
        disabled={windowId === undefined || capturing}
        aria-busy={capturing || undefined}
        onClick={() => capture(true)}
      />
      <IconButton
        label={t('images.screenshot')}
        icon={<Monitor size={18} />}
        tooltipSide="top"
        disabled={windowId === undefined || capturing}
        onClick={() => capture(false)}
      />
    </>
  );
}
