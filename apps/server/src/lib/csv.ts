/**
 * CSV for spreadsheets and bank batch uploads (RFC 4180, CRLF lines). A cell a spreadsheet would
 * read as a formula (starting with = + - @, or a tab or carriage return) gets a leading `'`, so an
 * exported name can never run as one (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvOf(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Minor units as yuan with two decimals and no grouping: 123456 → `1234.56`. */
export function yuan(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
