// /login: the home page with the login modal open (the modal is the sign-in flow).
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../api/session.ts';
import { useUi } from '../../state/ui.ts';

export default function LoginPage() {
  const token = useSession((s) => s.token);
  const open = useUi((s) => s.setLoginOpen);
  useEffect(() => {
    if (!token) open(true);
  }, [token, open]);
  return <Navigate to="/" replace />;
}
