// The frame of the screens about the signed-in user's own account (profile, security): the page's
// header, then the user's cards once the profile is in (its placeholders meanwhile, or the failure).
import type { TUser } from '@td/contracts/profile';
import type { ReactNode } from 'react';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useProfile } from '../../../domain/identity/get-profile';

interface TAccountScreenProps {
  title: string;
  description: string;
  actions?: ReactNode;
  /** The title of the failure shown when the profile cannot be fetched (with a retry). */
  loadError: string;
  /** What stands in the cards' places while the profile loads. */
  skeleton: ReactNode;
  children: (user: TUser) => ReactNode;
}

export function AccountScreen({
  title,
  description,
  actions,
  loadError,
  skeleton,
  children,
}: TAccountScreenProps) {
  const { data: user, isPending, isError, refetch } = useProfile();
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {isError ? (
        <Card>
          <LoadError title={loadError} onRetry={() => void refetch()} />
        </Card>
      ) : isPending || !user ? (
        skeleton
      ) : (
        children(user)
      )}
    </>
  );
}
