export { Overlay, type OverlayProps } from './overlay';
