// Console section: host applications, the same review queue the /tier page shows
// admins (frontend/src/hosting/HostApplicationReview.tsx): approve, or reject with a reason.
import { PageHeader } from '../../../components/PageHeader.tsx';
import { HostApplicationReview } from '../../../hosting/HostApplicationReview.tsx';

export default function HostsSection() {
  return (
    <>
      <PageHeader
        title="Host applications"
        subtitle="Approve (role h and the Verified Host badge) or reject with a reason the applicant reads"
      />
      <HostApplicationReview />
    </>
  );
}
