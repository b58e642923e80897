/** decisions.md 7.2: the largest page a caller may ask Chromium to lay out and paint. */
export const VIEWPORT_SIDE = { min: 1, max: 4000 } as const;
export const DEVICE_SCALE_FACTOR = { min: 0.5, max: 4 } as const;

/** The message for a `WIDTHxHEIGHT` outside the bounds, or null when both sides fit. */
export function viewportBoundsError(viewport: string): string | null {
  const sides = viewport.split('x').map(Number);
  const inside = sides.every((side) => Number.isInteger(side) && side >= VIEWPORT_SIDE.min && side <= VIEWPORT_SIDE.max);
  return inside ? null : `viewport sides must be between ${VIEWPORT_SIDE.min} and ${VIEWPORT_SIDE.max} pixels`;
}
