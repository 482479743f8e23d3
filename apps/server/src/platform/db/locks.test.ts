// The conditional one-row update refuses to run without a condition (it would change every row).
import { describe, expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.schema';
import type { Executor } from './client';
import { updateOne } from './locks';

describe('updateOne', () => {
  it('refuses an update whose condition is missing, before it reaches the database', async () => {
    const executor = {
      update: () => {
        throw new Error('reached the database');
      },
    } as unknown as Executor;
    await expect(updateOne(executor, users, { firstName: 'x' }, undefined)).rejects.toThrow(
      'updateOne needs a condition that picks the row',
    );
  });
});
