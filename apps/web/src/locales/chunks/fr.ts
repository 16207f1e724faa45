// One chunk per language (decisions 051 "One language per download" and 052 "A first route without waterfalls"): the
// app's texts and the UI kit's, together.
export { fr as messages } from '../fr';
export { default as kit } from 'antd-mobile/es/locales/fr-FR';
