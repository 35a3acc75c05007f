// The designed empty state of a page whose back end is not built yet.
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function ComingSoonPage({ title, icon, text }: { title?: string; icon?: string; text?: string }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={title ?? 'Coming soon'} />
      <EmptyState icon={icon ?? '✨'} title="Nothing here yet" action={<Button variant="secondary" onClick={() => navigate('/')}>Find a lobby</Button>}>
        {text ?? 'This part of Murmur is on its way.'}
      </EmptyState>
    </>
  );
}
