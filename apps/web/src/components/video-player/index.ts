export { VIDEO_CONTROLS_HIDE_MS, VideoPlayer, type VideoPlayerProps } from './video-player';
