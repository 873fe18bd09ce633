import { describe, expect, it } from 'vitest';
import { cropBox, dragRect } from '../../../lib/page/region';

describe('region crop', () => {
  const region = { x: 100, y: 80, width: 120, height: 60, viewportWidth: 800, viewportHeight: 600 };

  it('maps CSS pixels of the viewport onto the screenshot’s device pixels', () => {
    expect(cropBox(region, 800, 600)).toEqual({ sx: 100, sy: 80, sw: 120, sh: 60 });
    expect(cropBox(region, 1600, 1200)).toEqual({ sx: 200, sy: 160, sw: 240, sh: 120 });
  });

  it('keeps the crop inside the image', () => {
    expect(cropBox({ ...region, x: 750, y: 580 }, 800, 600)).toEqual({ sx: 750, sy: 580, sw: 50, sh: 20 });
    expect(cropBox({ ...region, x: -10, y: -5, width: 5, height: 2 }, 800, 600)).toEqual({ sx: 0, sy: 0, sw: 5, sh: 2 });
  });

  it('makes the same rectangle whichever way the drag went', () => {
    expect(dragRect({ x: 220, y: 200 }, { x: 100, y: 80 })).toEqual({ x: 100, y: 80, width: 120, height: 120 });
    expect(dragRect({ x: 100, y: 200 }, { x: 220, y: 80 })).toEqual({ x: 100, y: 80, width: 120, height: 120 });
  });
});
