import { dateTime } from '../lib/format';
import type { ConsoleLanguage } from '../locales';

/** A column of moments (the row's `dataIndex` holds an ISO time), in the operator's language. */
export function timeColumn(title: string, dataIndex: string, language: ConsoleLanguage) {
  return { title, dataIndex, render: (value: string) => dateTime(value, language) };
}
