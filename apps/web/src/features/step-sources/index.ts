export { TokenSection, curlExample, type TokenSectionProps } from './components/token-section';
export { ImportSection } from './components/import-section';
export { ConnectionSection, type ConnectionSectionProps } from './components/connection-section';
export { StepSourcesCard } from './components/step-sources-card';
