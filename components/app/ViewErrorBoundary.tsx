import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Called by the fallback's button: show the chat again (a fresh one if the chat itself failed). */
  onBack(): void;
}

/**
 * Keeps one view's failure inside that view: a render error (a damaged record
 * the repairs missed, a bug) shows a notice with a way back instead of
 * blanking the whole panel.
 */
export class ViewErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Only the error's own text and where it happened: records' content never reaches the log.
    console.error('A panel view failed to render', error instanceof Error ? error.message : error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <ViewFailed
        onBack={() => {
          this.setState({ failed: false });
          this.props.onBack();
        }}
      />
    );
  }
}

function ViewFailed({ onBack }: { onBack(): void }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{t('viewError.title')}</p>
      <p className="notice-hint">{t('viewError.hint')}</p>
      <button type="button" className="button" onClick={onBack}>
        {t('viewError.back')}
      </button>
    </div>
  );
}
