import '../kit-render';
// The UI kit's Toast, behind a dynamic import so that it stays out of the first route.
export { Toast } from 'antd-mobile';
