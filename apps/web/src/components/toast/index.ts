export { TOAST_DURATION_MS, hideLoading, showLoading, showToast } from './toast';
