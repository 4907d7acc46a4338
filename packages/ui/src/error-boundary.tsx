import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** What shows instead of the children once one of them failed to render. */
  fallback: ReactNode;
  /** A new value (the next screen's path) clears the failure, so moving on shows that screen again. */
  resetKey: string;
  children: ReactNode;
};

type State = { failed: boolean; key: string };

/**
 * Catches what a screen throws while rendering (an answer of an unexpected shape, a script that could not
 * be downloaded), so the member sees a clear message inside the page around it instead of a blank window.
 * React offers this only as a class component.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // For whoever opens the console; the member sees the fallback, never the details.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
