export { getHome } from './api/get-home';
