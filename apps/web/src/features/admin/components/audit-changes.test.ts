import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppText } from '../../../lib/i18n';
import { changesOf } from './audit-changes';

describe('what an audit entry says changed', () => {
  beforeAll(() => loadAppText());

  it('says a status in words', () => {
    expect(changesOf('user.suspend', { status: 'act' }, { status: 'sus' })).toEqual([
      'status: Active → Suspended',
    ]);
  });

  it('says a role in words', () => {
    expect(
      changesOf('user.role', { role: 'user', status: 'act' }, { role: 'dealer', status: 'act' }),
    ).toEqual(['role: User → Dealer']);
  });

  it('names a nested setting by its path, a group added setting by setting', () => {
    expect(
      changesOf(
        'settings.update',
        { reviewAbove: '10000', networks: {} },
        { reviewAbove: '5000', networks: { ethereum: { confirmations: 20, fee: '7.50' } } },
      ),
    ).toEqual([
      'reviewAbove: 10000 → 5000',
      'networks.ethereum.confirmations: — → 20',
      'networks.ethereum.fee: — → 7.50',
    ]);
  });

  it('lists an array by its items and leaves out what did not change', () => {
    expect(
      changesOf('settings.update', { blocked: ['US'], on: true }, { blocked: ['US', 'IR'], on: true }),
    ).toEqual(['blocked: US → US, IR']);
  });
});
