import { useEffect, useState } from 'react';
import { copyToClipboard } from '../lib/clipboard';
import { useT } from '../lib/i18n';
import { IconCheck, IconCopy } from './app-icons';
import { Button, type TButtonSize, type TButtonVariant } from './button';

/** How long the button shows its tick after a copy. */
const COPIED_FEEDBACK_MS = 2000;

interface TCopyButtonProps {
  text: string;
  /** The visible label; with `isIconOnly`, the accessible name. */
  label?: string;
  isIconOnly?: boolean;
  variant?: TButtonVariant;
  size?: TButtonSize;
  className?: string;
}

/** Copies `text` to the clipboard; the toast (lib/clipboard) and a brief tick say it worked. */
export function CopyButton({
  text,
  label,
  isIconOnly = false,
  variant = 'secondary',
  size = 'sm',
  className,
}: TCopyButtonProps) {
  const t = useT();
  const name = label ?? t('copy.copy');
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const icon = isCopied ? <IconCheck size={14} /> : <IconCopy size={14} />;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      icon={icon}
      aria-label={isIconOnly ? name : undefined}
      title={isIconOnly ? name : undefined}
      onClick={() => {
        void copyToClipboard(text).then(setIsCopied);
      }}
    >
      {isIconOnly ? null : isCopied ? t('copy.copied') : name}
    </Button>
  );
}
