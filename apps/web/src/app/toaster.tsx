import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH,
  TOAST_REMOVE_DELAY_MS,
} from '@td/contracts/constants';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/**
 * react-hot-toast keeps at most 20 toasts itself; this guard makes TOAST_LIMIT the rule whatever
 * the library's default: the oldest visible toasts beyond it are dismissed.
 */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // Newest first, so everything after the limit is the oldest.
    for (const extra of toasts.filter((item) => item.visible).slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return null;
}

export function AppToaster() {
  return (
    <>
      <ToastLimit />
      <Toaster
        position="top-center"
        gutter={8}
        containerStyle={{ top: 'var(--toast-offset-top)' }}
        toastOptions={{
          removeDelay: TOAST_REMOVE_DELAY_MS,
          style: {
            maxWidth: TOAST_MAX_WIDTH,
            padding: 'var(--space-2) var(--space-3)',
            background: 'var(--color-surface-2)',
            color: 'var(--color-text-1)',
            border: '1px solid var(--color-border-strong)',
            borderRadius: 'var(--radius-md)',
            boxShadow: 'var(--shadow-2)',
            fontSize: 'var(--text-base)',
            lineHeight: 'var(--leading-tight)',
          },
          blank: { duration: TOAST_DURATION_MS.blank },
          custom: { duration: TOAST_DURATION_MS.custom },
          loading: { duration: TOAST_DURATION_MS.loading },
          success: {
            duration: TOAST_DURATION_MS.success,
            iconTheme: { primary: 'var(--color-up)', secondary: 'var(--color-surface-2)' },
          },
          error: {
            duration: TOAST_DURATION_MS.error,
            iconTheme: { primary: 'var(--color-down)', secondary: 'var(--color-surface-2)' },
          },
        }}
      />
    </>
  );
}
