/**
 * A region of the page the user dragged out, and how it maps onto a
 * screenshot of the tab: the picker measures in CSS pixels of the viewport,
 * the screenshot has device pixels, so the crop scales by their ratio.
 */

/** Name of the global the region picker content script installs. */
export const REGION_PICKER_GLOBAL = '__parleyRegionPicker';

export interface PickedRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The viewport the region was drawn in, in CSS pixels. */
  viewportWidth: number;
  viewportHeight: number;
}

export interface RegionPickerApi {
  /** Shows the crosshair overlay; resolves to the dragged region once the overlay is gone, or null when cancelled (Escape). */
  pick(): Promise<PickedRegion | null>;
  /** Removes an open overlay as Escape on the page does: the user pressed it in the panel, which has the focus. */
  cancel(): void;
}

export interface CropBox {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The region in the screenshot's pixels, kept inside the image and at least one pixel. */
export function cropBox(region: PickedRegion, imageWidth: number, imageHeight: number): CropBox {
  const scaleX = imageWidth / region.viewportWidth;
  const scaleY = imageHeight / region.viewportHeight;
  const sx = Math.min(Math.max(0, Math.round(region.x * scaleX)), imageWidth - 1);
  const sy = Math.min(Math.max(0, Math.round(region.y * scaleY)), imageHeight - 1);
  const sw = Math.max(1, Math.min(Math.round(region.width * scaleX), imageWidth - sx));
  const sh = Math.max(1, Math.min(Math.round(region.height * scaleY), imageHeight - sy));
  return { sx, sy, sw, sh };
}

/** The rectangle between two pointer positions, whichever way the drag went. */
export function dragRect(a: { x: number; y: number }, b: { x: number; y: number }) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}
