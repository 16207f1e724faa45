export { DownloadEntry } from './components/download-entry';
