import { Alert } from 'antd';
import { useEffect } from 'react';
import type { SnackbarMessage } from '../../state/snackbarSlice';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';

export const SNACKBAR_VISIBLE_MS = 8000;

interface SnackbarItemProps {
  message: SnackbarMessage;
  onDismiss(id: string): void;
}

function SnackbarItem({ message, onDismiss }: SnackbarItemProps) {
  const t = useT();
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(message.id), SNACKBAR_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [onDismiss, message.id]);
  return (
    <Alert
      type={message.kind}
      title={t(message.text as MessageId)}
      showIcon
      closable={{ 'aria-label': t('common.dismissMessage'), onClose: () => onDismiss(message.id) }}
      role={message.kind === 'error' ? 'alert' : 'status'}
    />
  );
}

/** Renders the store's snackbar messages at the bottom of the viewport. */
export function Snackbar({ messages, onDismiss }: { messages: SnackbarMessage[]; onDismiss(id: string): void }) {
  return (
    <div
      aria-live="polite"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
        pointerEvents: 'none',
      }}
    >
      {messages.map((message) => (
        <div key={message.id} style={{ pointerEvents: 'auto', maxWidth: 560, width: '100%' }}>
          <SnackbarItem message={message} onDismiss={onDismiss} />
        </div>
      ))}
    </div>
  );
}
