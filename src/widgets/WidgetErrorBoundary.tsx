import { Alert } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ErrorReporter } from '../platform/errorReporting';
import { useT } from '../platform/i18n/useT';

interface Props {
  widget: string;
  reporter: ErrorReporter;
  children: ReactNode;
  /** Rendered with the error too: what must follow the widget's first view, whichever it is. */
  afterFailure?: ReactNode;
}

function WidgetFailed() {
  const t = useT();
  return <Alert type="error" showIcon title={t('common.widgetFailed')} />;
}

/** A widget that fails shows an error inside its own box; the host page and other widgets go on. */
export class WidgetErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.reporter.report(error, { widget: this.props.widget, componentStack: info.componentStack });
  }

  override render() {
    if (this.state.failed) {
      return (
        <>
          <WidgetFailed />
          {this.props.afterFailure}
        </>
      );
    }
    return this.props.children;
  }
}
