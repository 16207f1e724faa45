export { RemoteView, type RemoteViewProps } from './remote-view';
