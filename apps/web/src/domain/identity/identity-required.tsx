import type { TKyc } from '@td/contracts/kyc';
import { ButtonLink } from '../../components/button';
import { Callout } from '../../components/callout';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';

/**
 * What a Real order (level 1) or a withdrawal (level 2) still needs, said where it is refused,
 * with the way to Verification.
 */
export function IdentityRequired({ kyc, need }: { kyc: TKyc; need: 1 | 2 }) {
  const t = useT();
  const missing =
    need === 1
      ? t('verification.required.details')
      : kyc.status === 'pending'
        ? t('verification.required.pending')
        : kyc.status === 'rejected'
          ? t('verification.required.rejected', { reason: kyc.reason ?? '' })
          : kyc.level < 1
            ? t('verification.required.detailsThenDocument')
            : t('verification.required.document');
  return (
    <Callout
      tone={kyc.status === 'rejected' ? 'danger' : 'info'}
      title={need === 1 ? t('verification.required.realTrading') : t('verification.required.withdraw')}
      role="status"
      action={
        kyc.status === 'pending' && need === 2 ? undefined : (
          <ButtonLink to={PATHS.verification} size="sm" variant="primary">
            {t('verification.required.go')}
          </ButtonLink>
        )
      }
    >
      {missing}
    </Callout>
  );
}
