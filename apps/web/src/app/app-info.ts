/** docs/product/client.md, Constants. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;
