import { KYC_REAL_TRADING_TEXT, KYC_WITHDRAW_TEXT, type TKyc } from '@td/contracts/kyc';
import { ButtonLink } from '../../components/button';
import { Callout } from '../../components/callout';
import { PATHS } from '../../lib/paths';

/**
 * What a Real order (level 1) or a withdrawal (level 2) still needs, said where it is refused,
 * with the way to Verification.
 */
export function IdentityRequired({ kyc, need }: { kyc: TKyc; need: 1 | 2 }) {
  const missing =
    need === 1
      ? 'Add your legal name, date of birth and address: it takes a minute.'
      : kyc.status === 'pending'
        ? 'Your documents are under review; withdrawals open as soon as they are approved.'
        : kyc.status === 'rejected'
          ? `Your documents were not accepted: ${kyc.reason}. Send new ones to withdraw.`
          : kyc.level < 1
            ? 'Add your personal details, then a photo of your identity document.'
            : 'Send a photo of your identity document for review.';
  return (
    <Callout
      tone={kyc.status === 'rejected' ? 'danger' : 'info'}
      title={need === 1 ? KYC_REAL_TRADING_TEXT : KYC_WITHDRAW_TEXT}
      role="status"
      action={
        kyc.status === 'pending' && need === 2 ? undefined : (
          <ButtonLink to={PATHS.verification} size="sm" variant="primary">
            Go to Verification
          </ButtonLink>
        )
      }
    >
      {missing}
    </Callout>
  );
}
