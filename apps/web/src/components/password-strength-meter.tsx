// The strength bar shown under a new password, with its label and advice; a password the form
// would refuse is never shown as better than poor.
import { PASSWORD_STRENGTH_LEVELS, passwordStrength } from '@td/contracts/password';
import { useT } from '../lib/i18n';
import styles from './password-strength-meter.module.css';

const SEGMENTS = PASSWORD_STRENGTH_LEVELS.length - 1;

interface TPasswordStrengthMeterProps {
  password: string;
  /** Why the form would refuse the password: the meter says so instead of praising it. */
  problem?: string | undefined;
  /** Lets the password input point at the meter with aria-describedby. */
  id?: string;
}

/** The product's four-segment strength bar with its label (none, poor, good, excellent, perfect). */
export function PasswordStrengthMeter({ password, problem, id }: TPasswordStrengthMeterProps) {
  const strength = passwordStrength(password);
  // A password the form refuses is never more than poor, whatever its mix of characters.
  const level = problem && strength !== 'none' ? 'poor' : strength;
  const filled = PASSWORD_STRENGTH_LEVELS.indexOf(level);
  const t = useT();
  const label = t(`strength.${level}`);
  return (
    <div className={styles.meter} data-level={level} data-refused={problem ? true : undefined} id={id}>
      {/* The native meter speaks to assistive technology; the segments below are its picture. */}
      <meter
        className="visually-hidden"
        min={0}
        max={SEGMENTS}
        value={filled}
        aria-label={t('strength.label')}
        aria-valuetext={label}
      >
        {label}
      </meter>
      <div className={styles.bar} aria-hidden="true">
        {Array.from({ length: SEGMENTS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are a fixed row of four.
          <span key={index} className={styles.segment} data-filled={index < filled} />
        ))}
      </div>
      <p className={styles.text}>
        <span className={styles.label}>{level === 'none' ? t('strength.label') : label}</span>
        <span className={styles.advice}>
          {problem && level !== 'none' ? problem : t(`strength.hint.${level}`)}
        </span>
      </p>
    </div>
  );
}
