// The app's modal dialogs on the native <dialog>, with focus kept inside while open and returned
// after; also the form dialog (Cancel and an action) and the confirmation asked before an action
// that cannot be undone.
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../lib/i18n';
import { IconX } from './app-icons';
import type { TButtonVariant } from './button';
import styles from './dialog.module.css';
import { FormActions } from './form-actions';

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
  /** As wide as the screen allows (a document to look at), instead of a form's width. */
  isWide?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELDS =
  'input:not([disabled]):not([type="hidden"]):not([readonly]), select:not([disabled]), textarea:not([disabled])';

/** Where focus starts: the first field, else the primary action (the footer's last button), else ×. */
function firstFocusOf(panel: HTMLElement, body: HTMLElement | null, footer: HTMLElement | null) {
  const field = body?.querySelector<HTMLElement>(FIELDS);
  if (field) return field;
  const actions = footer ? [...footer.querySelectorAll<HTMLElement>('button:not([disabled])')] : [];
  return actions.at(-1) ?? panel.querySelector<HTMLElement>(FOCUSABLE);
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape closes it, and focus
 * returns to what opened it. Focus starts on the first field (or the primary action) and Tab
 * cycles within the dialog, never out to the page or the browser's bar. Its content renders only
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
  isWide = false,
}: TDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      const panel = panelRef.current;
      if (panel) firstFocusOf(panel, bodyRef.current, footerRef.current)?.focus();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  /** Tab from the last element goes to the first, Shift+Tab from the first to the last. */
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
  };

  const body = (
    <>
      <div className={styles.body} ref={bodyRef}>
        {children}
      </div>
      {footer ? (
        <div className={styles.footer} ref={footerRef}>
          {footer}
        </div>
      ) : null}
    </>
  );

  return (
    // The backdrop click is a mouse shortcut; keyboards close with Escape (native) or the close button.
    <dialog
      ref={ref}
      className={isWide ? `${styles.dialog} ${styles.wide}` : styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onKeyDown={trapTab}
      onClose={() => {
        if (isOpen) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself (the panel fills it otherwise).
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {isOpen ? (
        <div className={styles.panel} ref={panelRef}>
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

export interface TFormDialogProps extends Omit<TDialogProps, 'footer' | 'onSubmit'> {
  onSubmit: () => void;
  /** The words of the action's button ("Save", "Revoke key"). */
  submitLabel: ReactNode;
  /** While the action is under way: its button spins. */
  isPending: boolean;
  variant?: TButtonVariant;
  /** Cancel waits too while the action runs. */
  isCancelHeld?: boolean;
}

/** A dialog whose body is a form, ending in Cancel and its action (Enter in a field submits it). */
export function FormDialog({
  submitLabel,
  isPending,
  variant = 'primary',
  isCancelHeld = false,
  ...dialog
}: TFormDialogProps) {
  return (
    <Dialog
      {...dialog}
      footer={
        <FormActions
          onCancel={dialog.onClose}
          submitLabel={submitLabel}
          isPending={isPending}
          variant={variant}
          isCancelHeld={isCancelHeld}
        />
      }
    />
  );
}

interface TConfirmDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The words of the button that does it ("Revoke key"). */
  confirmLabel: string;
  /** While the action is under way: its button spins and Cancel waits. */
  isPending: boolean;
  onConfirm: () => void;
  testId?: string;
}

/**
 * A question before an action that cannot be undone (revoke, remove, reset): Cancel, and the
 * action's own button in the danger colour, which Enter presses.
 */
export function ConfirmDialog({ confirmLabel, onConfirm, ...dialog }: TConfirmDialogProps) {
  return (
    <FormDialog {...dialog} onSubmit={onConfirm} submitLabel={confirmLabel} variant="danger" isCancelHeld />
  );
}
