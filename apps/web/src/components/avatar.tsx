// A user's round profile picture; without one, or when it fails to load, their initials on the
// brand colour instead.
import { useState } from 'react';
import styles from './avatar.module.css';

interface TAvatarProps {
  /** The picture; without one (or when it fails to load) the initials show. */
  src?: string | null | undefined;
  /** Whose picture: the initials and the alternative text come from it. */
  name: string;
  size?: number;
  className?: string;
  /** Decorative when the name is printed beside it (the account menu). */
  isDecorative?: boolean;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/** A round profile picture, or the person's initials on the brand colour. */
export function Avatar({ src, name, size = 32, className, isDecorative = false }: TAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const classes = [styles.avatar, className].filter(Boolean).join(' ');
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)) };

  if (showImage && src) {
    return (
      <img
        className={classes}
        style={style}
        src={src}
        alt={isDecorative ? '' : name}
        width={size}
        height={size}
        onError={() => setFailedSrc(src)}
        decoding="async"
      />
    );
  }
  const initialsClasses = [classes, styles.initials].join(' ');
  if (isDecorative) {
    return (
      <span className={initialsClasses} style={style} aria-hidden="true">
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <span className={initialsClasses} style={style} role="img" aria-label={name}>
      {initialsOf(name)}
    </span>
  );
}
