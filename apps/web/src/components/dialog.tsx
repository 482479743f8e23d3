import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../lib/i18n';
import styles from './dialog.module.css';
import { IconX } from './icons';

interface TDialogProps {
  isOpen: boolean;
  /** Escape, the close button, a click on the backdrop, or the caller after an action. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** When given, the body is a form: Enter in a field submits it. */
  onSubmit?: () => void;
  /** The buttons under the body (the submit button goes here). */
  footer?: ReactNode;
  children?: ReactNode;
  /** A data-testid for tests to find the dialog by. */
  testId?: string;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside it, makes the page behind
 * inert, and closes it with Escape; focus returns to what opened it. Its content renders only
 * while open, so every opening starts from fresh state.
 */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  onSubmit,
  footer,
  children,
  testId,
}: TDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
  };

  const body = (
    <>
      <div className={styles.body}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </>
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboards close with Escape (native) or the close button.
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onClose={() => {
        if (isOpen) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself (the panel fills it otherwise).
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {isOpen ? (
        <div className={styles.panel}>
          <header className={styles.header}>
            <div className={styles.heading}>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
              ) : null}
            </div>
            <button type="button" className={styles.close} onClick={onClose} aria-label={t('dialog.close')}>
              <IconX size={16} />
            </button>
          </header>
          {onSubmit ? (
            <form className={styles.form} onSubmit={onFormSubmit} noValidate>
              {body}
            </form>
          ) : (
            body
          )}
        </div>
      ) : null}
    </dialog>
  );
}
