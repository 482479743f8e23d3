import { formatScaled, parseScaled } from '@td/contracts/decimal';
import type { TPairSpec } from '@td/contracts/financing';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { LoadError } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { formatDate, formatDayTime, formatMoney } from '../../../lib/format';
import { displaySymbol, formatPrice } from '../../../lib/format-market';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { usePairSpec } from '../financing-queries';
import styles from './pair-spec-dialog.module.css';

/** Decimals a figure keeps: its own, at least `least`. */
const decimalsOf = (value: string, least: number) => Math.max(least, value.split('.')[1]?.length ?? 0);

/** A fraction ("0.05") as a percent with at least 2 decimals ("5.00 %"), exactly. */
export function percentOf(fraction: string): string {
  const percent = formatScaled(parseScaled(fraction, 6), 4).replace(/0{1,2}$/, '');
  return `${formatMoney(percent, decimalsOf(percent, 2))} %`;
}

/** An annual swap rate in percent ("-2.5") as shown: sign, at least 2 decimals ("−2.50 %"). */
export const swapRateText = (rate: string) => `${formatMoney(rate, decimalsOf(rate, 2))} %`;

/** A session's close: its time alone on the day it opened, else day and time. */
function closingText(session: { opensAt: string; closesAt: string }): string {
  const opens = formatDayTime(session.opensAt);
  const closes = formatDayTime(session.closesAt);
  const [openDay, closeDay] = [opens, closes].map((text) => text.slice(0, text.lastIndexOf(' ')));
  return openDay === closeDay ? closes.slice(closes.lastIndexOf(' ') + 1) : closes;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row} data-testid={testId}>
      <dt className={styles.label}>{label}</dt>
      <dd className={`${styles.value} tabular`}>{children}</dd>
    </div>
  );
}

/** A part of the sheet under its heading, which names it for assistive technology. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function SpecBody({ spec }: { spec: TPairSpec }) {
  const t = useT();
  const price = (value: string | null) => formatPrice(value, spec.pricePrecision);
  const triple = spec.tripleSwapDay ?? 'none';
  return (
    <div className={styles.sections}>
      <Section id="spec-trading" title={t('financing.spec.trading')}>
        <dl className={styles.grid}>
          <Row label={t('financing.spec.spreadNow')} testId="spec-spread">
            {price(spec.spread)}
          </Row>
          <Row label={t('financing.spec.typicalSpread')}>
            {price(spec.typicalSpread)} <span className={styles.muted}>({percentOf(spec.spreadRate)})</span>
          </Row>
          <Row label={t('financing.spec.minAmount')}>{formatMoney(spec.minAmount, 2)} USD</Row>
          <Row label={t('financing.spec.maxAmount')}>{formatMoney(spec.maxAmount, 2)} USD</Row>
          <Row label={t('financing.spec.amountStep')}>{formatMoney(spec.amountStep, 2)} USD</Row>
          <Row label={t('financing.spec.maxLeverage')} testId="spec-leverage">
            {spec.maxLeverage}×
          </Row>
          <Row label={t('financing.spec.marginRate')}>{percentOf(spec.marginRate)}</Row>
          <Row label={t('financing.spec.priceSource')}>{t(`financing.spec.source.${spec.priceSource}`)}</Row>
        </dl>
      </Section>
      <Section id="spec-swaps" title={t('financing.spec.swaps')}>
        <dl className={styles.grid}>
          <Row label={t('financing.spec.swapLong')} testId="spec-swap-long">
            {swapRateText(spec.swapLong)}
          </Row>
          <Row label={t('financing.spec.swapShort')} testId="spec-swap-short">
            {swapRateText(spec.swapShort)}
          </Row>
          <Row label={t('financing.spec.tripleDay')}>{t(`financing.spec.triple.${triple}`)}</Row>
        </dl>
        <p className={styles.note}>{t('financing.spec.swapNote', { days: spec.swapDaysPerYear })}</p>
      </Section>
      <Section id="spec-sessions" title={t('financing.spec.sessions')}>
        {spec.sessions.length === 0 ? (
          <p className={styles.note}>{t('financing.spec.noSessions')}</p>
        ) : (
          <ul className={`${styles.sessions} tabular`} data-testid="spec-sessions">
            {spec.sessions.map((session) => (
              <li key={session.opensAt}>
                {formatDayTime(session.opensAt)} – {closingText(session)}
              </li>
            ))}
          </ul>
        )}
        <dl className={styles.grid}>
          <Row label={t('financing.spec.nextHoliday')} testId="spec-holiday">
            {spec.nextHoliday ? (
              <>
                {formatDate(`${spec.nextHoliday.date}T12:00:00Z`)} ·{' '}
                {translateServerMessage(spec.nextHoliday.name)}
                {spec.nextHoliday.kind === 'early-close' ? ` (${t('financing.spec.earlyClose')})` : ''}
              </>
            ) : (
              t('financing.spec.noHoliday')
            )}
          </Row>
        </dl>
      </Section>
    </div>
  );
}

/** A pair's specification in a dialog: spread, limits, leverage and margin, swaps, sessions, holiday. */
export function PairSpecDialog({ symbol, onClose }: { symbol: string | undefined; onClose: () => void }) {
  const t = useT();
  const query = usePairSpec(symbol);
  const pair = symbol ? displaySymbol(symbol) : '';
  return (
    <Dialog
      isOpen={symbol !== undefined}
      onClose={onClose}
      title={t('financing.spec.title', { pair })}
      testId="pair-spec"
    >
      {query.data ? (
        <SpecBody spec={query.data} />
      ) : query.isError ? (
        <LoadError title={t('financing.spec.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <div className={styles.sections} aria-busy="true">
          <Skeleton width="100%" height={160} />
          <Skeleton width="100%" height={90} />
        </div>
      )}
    </Dialog>
  );
}
