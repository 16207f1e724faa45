export { TOAST_DURATION_MS, hideLoading, showLoading, showToast, toastsHandedOver } from './toast';
