import './notices.css';

export { NOTICE_CSP, NOTICE_SANDBOX, noticeDocument } from './notice-document';
export { NoticeBody } from './components/notice-body';
export { NoticeDetail } from './components/notice-detail';
export { NoticesSection } from './components/notices-section';
