import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconUsers } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

export function ReferralScreen() {
  return (
    <>
      <PageHeader title="Referral" description="Invite friends and earn on their trading." />
      <Card>
        <EmptyState
          icon={<IconUsers size={24} />}
          title="Your referral link and invited friends will appear here."
          description="Share your link, see who joined through it and the commission you earned on their volume."
        />
      </Card>
    </>
  );
}
