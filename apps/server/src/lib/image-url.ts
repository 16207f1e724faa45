/**
 * Images operators set (goods, banners, community QR codes): `https:` URLs, image data URLs, or a
 * catalogue image uploaded in the console (`/media/<id>.<ext>`); nothing a browser would run.
 */
export function isAllowedImageUrl(value: string): boolean {
  if (/^\/media\/[0-9a-f-]{36}\.(jpg|png|webp)$/.test(value)) return true;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
