export { PageErrorBoundary, type PageErrorBoundaryProps } from './page-error-boundary';
