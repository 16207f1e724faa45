// One chunk per language (decisions 051 and 052): the app's texts and the UI kit's, together.
export { es as messages } from '../es';
export { default as kit } from 'antd-mobile/es/locales/es-ES';
