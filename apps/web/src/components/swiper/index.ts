export { SWIPER_DURATION_MS, SWIPER_INTERVAL_MS, Swiper, type SwiperProps } from './swiper';
