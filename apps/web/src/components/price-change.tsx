// A pair's 24-hour price change with its sign and colour ('+3.09%' green, '-1.25%' red), as
// plain figures for tables or as a tinted chip.
import { formatChange } from '../lib/format-market';
import styles from './price-change.module.css';

interface TPriceChangeProps {
  /** The change in percent as the API sends it ('-1.25'). */
  value: string | null | undefined;
  /** 'pill': a tinted chip (headers, compact lists); 'text': coloured figures (table cells). */
  variant?: 'text' | 'pill';
  className?: string;
}

/** A 24-hour change with its sign and colour: '+3.09%' in green, '-1.25%' in red. */
export function PriceChange({ value, variant = 'text', className }: TPriceChangeProps) {
  const { text, direction } = formatChange(value);
  return (
    <span
      className={[styles.change, styles[variant], `tone-${direction}`, 'tabular', className]
        .filter(Boolean)
        .join(' ')}
      data-direction={direction}
    >
      {text}
    </span>
  );
}
