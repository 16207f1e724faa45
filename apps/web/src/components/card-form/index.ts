export { CardForm, type CardFormProps } from './card-form';
