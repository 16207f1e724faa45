import QRCode from 'qrcode';

/** A QR code of `text` as an SVG data URL: small, sharp at any size, drawn without a canvas. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
