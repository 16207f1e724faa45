import type { ConsoleLanguage } from '../locales';

/** Minor units (fen) as yuan with two decimals; a negative amount reads `-¥12.50` (system accounts go below zero). */
export function money(fen: number): string {
  return `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toFixed(2)}`;
}

export function dateTime(iso: string, language: ConsoleLanguage): string {
  return new Date(iso).toLocaleString(language === 'zh-Hans' ? 'zh-CN' : 'en-GB', { hour12: false });
}
