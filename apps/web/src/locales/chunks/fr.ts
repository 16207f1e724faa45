// One chunk per language (decisions 051 and 052): the app's texts and the UI kit's, together.
export { fr as messages } from '../fr';
export { default as kit } from 'antd-mobile/es/locales/fr-FR';
