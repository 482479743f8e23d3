import { useState } from 'react';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { useOneClickTrading, useSetOneClickTrading } from '../financing-queries';
import styles from './one-click-toggle.module.css';

/**
 * The one-click trading switch: turning it on first shows the risk notice, which must be accepted;
 * turning it off is immediate. The notice's buttons submit nothing: the switch sits in the order
 * ticket's form, which a submit would reach.
 */
export function OneClickToggle() {
  const t = useT();
  const isOn = useOneClickTrading();
  const save = useSetOneClickTrading();
  const [isAsking, setIsAsking] = useState(false);
  const [isAccepted, setIsAccepted] = useState(false);
  const close = () => {
    setIsAsking(false);
    setIsAccepted(false);
  };
  return (
    <div className={styles.toggle}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={isOn}
          checked={isOn}
          disabled={save.isPending}
          onChange={(event) => {
            if (event.target.checked) setIsAsking(true);
            else save.mutate(false);
          }}
          data-testid="one-click-switch"
        />
        <span className={styles.track} aria-hidden="true" />
        <span className={styles.text}>
          <span className={styles.label}>{t('financing.oneClick.label')}</span>
          <span className={styles.hint}>{t('financing.oneClick.hint')}</span>
        </span>
      </label>
      <Dialog
        isOpen={isAsking}
        onClose={close}
        title={t('financing.oneClick.riskTitle')}
        testId="one-click-risk"
        footer={
          <>
            <Button type="button" variant="ghost" onClick={close}>
              {t('financing.oneClick.cancel')}
            </Button>
            <Button
              type="button"
              variant="primary"
              disabled={!isAccepted}
              isLoading={save.isPending}
              onClick={() => save.mutate(true, { onSuccess: close })}
            >
              {t('financing.oneClick.turnOn')}
            </Button>
          </>
        }
      >
        <p className={styles.risk}>{t('financing.oneClick.risk')}</p>
        <Checkbox checked={isAccepted} onChange={(event) => setIsAccepted(event.target.checked)}>
          {t('financing.oneClick.accept')}
        </Checkbox>
      </Dialog>
    </div>
  );
}
