'use client';
// Catches a render error below it and shows a fallback that can try again (React has no hook for this).
import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (props: { error: Error; retry: () => void }) => ReactNode;
  /** Called before the children render again, e.g. to reset failed queries. */
  onRetry?: () => void;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback({ error: this.state.error, retry: this.retry });
    return this.props.children;
  }
}
