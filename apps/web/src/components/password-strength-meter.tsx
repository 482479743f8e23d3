import { PASSWORD_STRENGTH_LEVELS, passwordStrength, type TPasswordStrength } from '@td/contracts/password';
import styles from './password-strength-meter.module.css';

const LABEL = {
  none: 'Not entered',
  poor: 'Poor',
  good: 'Good',
  excellent: 'Excellent',
  perfect: 'Perfect',
} as const satisfies Record<TPasswordStrength, string>;

/** What the next level needs, so the meter also says how to improve. */
const ADVICE = {
  none: 'Use 12 or more characters with upper and lower case, a digit and a symbol.',
  poor: 'Mix upper and lower case letters.',
  good: 'Use 8 or more characters and add a digit.',
  excellent: 'Use 12 or more characters and add a symbol such as ! @ # $ %.',
  perfect: 'A strong password.',
} as const satisfies Record<TPasswordStrength, string>;

const SEGMENTS = PASSWORD_STRENGTH_LEVELS.length - 1;

interface TPasswordStrengthMeterProps {
  password: string;
  /** Lets the password input point at the meter with aria-describedby. */
  id?: string;
}

/** The product's four-segment strength bar with its label (none, poor, good, excellent, perfect). */
export function PasswordStrengthMeter({ password, id }: TPasswordStrengthMeterProps) {
  const level = passwordStrength(password);
  const filled = PASSWORD_STRENGTH_LEVELS.indexOf(level);
  return (
    <div className={styles.meter} data-level={level} id={id}>
      {/* The native meter speaks to assistive technology; the segments below are its picture. */}
      <meter
        className="visually-hidden"
        min={0}
        max={SEGMENTS}
        value={filled}
        aria-label="Password strength"
        aria-valuetext={LABEL[level]}
      >
        {LABEL[level]}
      </meter>
      <div className={styles.bar} aria-hidden="true">
        {Array.from({ length: SEGMENTS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are a fixed row of four.
          <span key={index} className={styles.segment} data-filled={index < filled} />
        ))}
      </div>
      <p className={styles.text}>
        <span className={styles.label}>{level === 'none' ? 'Password strength' : LABEL[level]}</span>
        <span className={styles.advice}>{ADVICE[level]}</span>
      </p>
    </div>
  );
}
