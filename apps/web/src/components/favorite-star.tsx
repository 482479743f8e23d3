import styles from './favorite-star.module.css';
import { IconStar } from './market-icons';

/**
 * A pair's favourite toggle: a star, filled while the pair is a favourite (`aria-pressed`), named
 * for the pair it stars. `className` sizes or places it where it sits.
 */
export function FavoriteStar({
  isFavorite,
  label,
  title,
  onToggle,
  className,
  tabIndex,
}: {
  isFavorite: boolean;
  label: string;
  title: string;
  onToggle: () => void;
  className?: string;
  tabIndex?: number;
}) {
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      className={className ? `${styles.star} ${className}` : styles.star}
      aria-pressed={isFavorite}
      aria-label={label}
      title={title}
      onClick={onToggle}
    >
      <IconStar size={16} />
    </button>
  );
}
