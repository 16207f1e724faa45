import { Component, type ReactNode } from 'react';

export interface PageErrorBoundaryProps {
  readonly message: string;
  readonly onRetry: () => void;
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/**
 * A page whose code failed to load (docs/product/client.md, Navigation): one tap anywhere reloads,
 * and so does the browser coming back online.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  private readonly onOnline = () => this.props.onRetry();

  override componentDidUpdate(): void {
    if (this.state.failed) window.addEventListener('online', this.onOnline);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.onOnline);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <button type="button" className="page-error" onClick={this.props.onRetry}>
        {this.props.message}
      </button>
    );
  }
}
