// What a visitor (not signed in) sees above a public lobby: they may watch; to chat, take the mic
// or gift they sign in, and stay on this lobby (the page joins once a session exists). Someone signed
// in who has not done the terms step is still a visitor to the server: the banner says why instead.
import { texts } from '@murmur/contracts/errors';
import { lobbyTexts } from '@murmur/contracts/lobbies';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useUi } from '../../state/ui.ts';
import styles from './VisitorBanner.module.css';

export function VisitorBanner({ termsPending = false }: { termsPending?: boolean }) {
  const openLogin = useUi((s) => s.setLoginOpen);
  return (
    <div className={styles.banner} role="note" data-testid={termsPending ? 'terms-banner' : 'visitor-banner'}>
      <Icon name="users" size={18} />
      <p>{termsPending ? texts.onboardingRequired : lobbyTexts.visitorPrompt}</p>
      <Button size="sm" onClick={() => openLogin(true)} data-testid="visitor-sign-in">
        {termsPending ? 'Continue' : 'Sign in'}
      </Button>
    </div>
  );
}
