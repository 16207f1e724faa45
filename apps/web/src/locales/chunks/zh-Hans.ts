// One chunk per language (decisions 051 "One language per download" and 052 "A first route without waterfalls"): the
// app's texts and the UI kit's, together.
export { zhHans as messages } from '../zh-Hans';
export { default as kit } from 'antd-mobile/es/locales/zh-CN';
