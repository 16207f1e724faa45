export { FormError } from './form-error';
