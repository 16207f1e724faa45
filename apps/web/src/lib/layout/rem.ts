/** docs/product/client.md, Layout and formatting: base width 375, maximum device width 960, unit ratio 10/320. */
export const BASE_WIDTH = 375;
export const MAX_DEVICE_WIDTH = 960;
export const UNIT_RATIO = 10 / 320;

/** Wider screens get the phone layout in a centred column, so they count as the base width. */
export function rootFontSize(width: number): number {
  const effective = width > MAX_DEVICE_WIDTH || width <= 0 ? BASE_WIDTH : width;
  return effective * UNIT_RATIO;
}

export function applyRem(win: Window = window): () => void {
  const update = () => {
    win.document.documentElement.style.fontSize = `${rootFontSize(win.innerWidth)}px`;
  };
  update();
  win.addEventListener('resize', update);
  return () => win.removeEventListener('resize', update);
}
