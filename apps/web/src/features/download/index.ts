export { getDownload } from './api/get-download';
export { DownloadEntry } from './components/download-entry';
