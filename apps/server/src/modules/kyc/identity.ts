import type { TKycLevel } from '@td/contracts/kyc';
import type { Executor } from '../../platform/db/client';
import type { SettingsService } from '../settings/settings.service';
import type { KycRepository } from './kyc.repository';
import { identityKey, kycLevel } from './kyc-rules';

/**
 * What other modules may ask of an account's identity without the verification flow: its level
 * and, once its details are saved, the identity they name ({@link identityKey}).
 */
export function createIdentityFacts(deps: {
  repo: Pick<KycRepository, 'profile' | 'isApproved'>;
  settings: Pick<SettingsService, 'get'>;
}) {
  const { repo } = deps;
  return {
    async levelOf(userId: string, executor?: Executor): Promise<TKycLevel> {
      const [profile, isApproved, kyc] = await Promise.all([
        repo.profile(userId, executor),
        repo.isApproved(userId, executor),
        deps.settings.get('kyc', executor),
      ]);
      return kycLevel({ country: profile?.country, isApproved }, kyc.blockedCountries);
    },
    async identityOf(userId: string, executor?: Executor): Promise<string | undefined> {
      const profile = await repo.profile(userId, executor);
      return profile ? identityKey(profile) : undefined;
    },
  };
}
export type IdentityFacts = ReturnType<typeof createIdentityFacts>;
