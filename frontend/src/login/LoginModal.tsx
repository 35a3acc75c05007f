// The login modal (being built).
import { Dialog } from '../components/Dialog.tsx';
import { useUi } from '../state/ui.ts';

export default function LoginModal() {
  const setOpen = useUi((s) => s.setLoginOpen);
  return <Dialog open onOpenChange={setOpen} title="Win friends around the world" description="Find Your Player Two" />;
}
