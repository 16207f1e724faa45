/** A QR code of `text` as an SVG data URL: small, sharp at any size, drawn without a canvas. */
export async function qrDataUrl(text: string): Promise<string> {
  // Loaded on the first enrolment only: about 10 MB the server otherwise never needs (decision 033 "Running the server
  // from a bundle").
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
