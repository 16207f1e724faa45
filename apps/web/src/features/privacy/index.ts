export { exportData, exportFileName, loadDeletionCheck, deleteAccount } from './api/privacy';
export { DataExportForm } from './components/data-export';
export { DeleteAccountForm } from './components/delete-account';
