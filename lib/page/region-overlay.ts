/**
 * The crosshair overlay the region picker draws over a page: in a closed
 * shadow root, so the page's styles and scripts neither change nor see it.
 * Drag a rectangle to pick it; Escape cancels; Enter takes the whole
 * visible page. The overlay is gone from the screen before the region is
 * reported, so the screenshot taken next shows the page alone.
 */
import { dragRect, type PickedRegion, type RegionPickerApi } from './region';

/** Smaller drags are taken for a click that slipped, not a region. */
const MIN_SIZE = 4;

const STYLE = `
  :host { all: initial; position: fixed; inset: 0; z-index: 2147483647; }
  .veil { position: fixed; inset: 0; cursor: crosshair; background: rgb(0 0 0 / 0.15); z-index: 2147483647; touch-action: none; }
  .box { position: fixed; display: none; border: 2px dashed #fff; outline: 1px solid #1a73e8; background: rgb(255 255 255 / 0.1); pointer-events: none; }
`;

function nextFrames(): Promise<void> {
  // Two frames: the overlay's removal is painted before the tab is captured.
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

function pickRegion(doc: Document, signal?: AbortSignal): Promise<PickedRegion | null> {
  const view = doc.defaultView!;
  const host = doc.createElement('parley-region-picker');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
  const veil = doc.createElement('div');
  veil.className = 'veil';
  veil.tabIndex = -1;
  const box = doc.createElement('div');
  box.className = 'box';
  veil.append(box);
  root.append(style, veil);
  doc.documentElement.append(host);
  veil.focus();

  return new Promise((resolve) => {
    let start: { x: number; y: number } | undefined;
    const viewport = () => ({ viewportWidth: view.innerWidth, viewportHeight: view.innerHeight });
    const finish = async (region: PickedRegion | null) => {
      view.removeEventListener('keydown', onKey, true);
      signal?.removeEventListener('abort', onAbort);
      host.remove();
      await nextFrames();
      resolve(region);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' && e.key !== 'Enter') return;
      e.preventDefault();
      e.stopPropagation();
      const whole = { x: 0, y: 0, width: view.innerWidth, height: view.innerHeight, ...viewport() };
      void finish(e.key === 'Enter' ? whole : null);
    };
    const onAbort = () => void finish(null);
    view.addEventListener('keydown', onKey, true);
    signal?.addEventListener('abort', onAbort, { once: true });
    veil.addEventListener('pointerdown', (e) => {
      start = { x: e.clientX, y: e.clientY };
      veil.setPointerCapture(e.pointerId);
      e.preventDefault();
    });
    veil.addEventListener('pointermove', (e) => {
      if (!start) return;
      const r = dragRect(start, { x: e.clientX, y: e.clientY });
      Object.assign(box.style, { display: 'block', left: `${r.x}px`, top: `${r.y}px`, width: `${r.width}px`, height: `${r.height}px` });
    });
    veil.addEventListener('pointerup', (e) => {
      if (!start) return;
      const r = dragRect(start, { x: e.clientX, y: e.clientY });
      start = undefined;
      if (r.width < MIN_SIZE || r.height < MIN_SIZE) {
        box.style.display = 'none';
        return;
      }
      void finish({ ...r, ...viewport() });
    });
  });
}

/** The picker the content script installs: one overlay at a time, which the panel can cancel. */
export function regionPicker(doc: Document): RegionPickerApi {
  let open: AbortController | undefined;
  return {
    pick() {
      open?.abort();
      open = new AbortController();
      return pickRegion(doc, open.signal);
    },
    cancel: () => open?.abort(),
  };
}
