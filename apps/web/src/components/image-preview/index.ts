export { ImagePreview, PREVIEW_MAX_ZOOM, PREVIEW_TAP_THRESHOLD_PX, type ImagePreviewProps } from './image-preview';
