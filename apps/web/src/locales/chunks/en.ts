// One chunk per language (decisions 051 and 052): the app's texts and the UI kit's, together.
export { en as messages } from '../en';
export { default as kit } from 'antd-mobile/es/locales/en-US';
