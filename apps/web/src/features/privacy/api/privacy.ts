import { checkAccountDeletion, deleteMyAccount, exportMyData, type BodyOf, type DataExport } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function exportData(password: string, options?: CallOptions): Promise<DataExport> {
  return call(exportMyData, { body: { password } }, options);
}

export function loadDeletionCheck(options?: CallOptions) {
  return call(checkAccountDeletion, {}, options);
}

export function deleteAccount(body: BodyOf<typeof deleteMyAccount>, options?: CallOptions) {
  return call(deleteMyAccount, { body }, options);
}

/**
 * The file name the export is saved under: stride-data-YYYY-MM-DD.json, the service day the server
 * made it on (docs/product/rules.md, Your data), never the device's own date.
 */
export function exportFileName(data: Pick<DataExport, 'serviceDay'>): string {
  return `stride-data-${data.serviceDay}.json`;
}

/** Saves the export as a file through the browser's download. */
export function saveExport(data: DataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
