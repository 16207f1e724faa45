/** Images operators set (goods, community QR codes): `https:` URLs or image data URLs, nothing a browser would run. */
export function isAllowedImageUrl(value: string): boolean {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
