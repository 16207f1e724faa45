export { AppealForm } from './components/appeal-form';
export { AppealCard } from './components/appeal-card';
