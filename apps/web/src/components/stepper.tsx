import { useT } from '../lib/i18n';
import styles from './stepper.module.css';

/** Numbered steps of a flow, the current one marked (`aria-current="step"`), the done ones ticked. */
export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  const t = useT();
  return (
    <ol className={styles.stepper} aria-label={t('stepper.label')}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <li
            key={step}
            className={styles.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.dot}>{state === 'done' ? '✓' : index + 1}</span>
            <span className={styles.label}>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
