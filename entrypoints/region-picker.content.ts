import { defineContentScript } from 'wxt/utils/define-content-script';
import { REGION_PICKER_GLOBAL, type RegionPickerApi } from '../lib/page/region';
import { regionPicker } from '../lib/page/region-overlay';

/**
 * Injected by the background only when the user asks to capture an area of
 * the page. It draws the crosshair overlay and reports the rectangle; the
 * screenshot and the crop are the background's.
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main() {
    const scope = globalThis as unknown as Record<string, RegionPickerApi | undefined>;
    scope[REGION_PICKER_GLOBAL] ??= regionPicker(document);
  },
});
