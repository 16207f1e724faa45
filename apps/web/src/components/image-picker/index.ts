export { IMAGE_PICKER_DEFAULT_COUNT, ImagePicker, normaliseCount, type ImagePickerProps } from './image-picker';
