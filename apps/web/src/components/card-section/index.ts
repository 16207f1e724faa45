export { CardSection, type CardSectionProps } from './card-section';
