// What a visitor (not signed in) sees above a public lobby: they may watch; to chat, take the mic
// or gift they sign in, and stay on this lobby (the page joins once a session exists).
import { lobbyTexts } from '@murmur/contracts/lobbies';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useUi } from '../../state/ui.ts';
import styles from './VisitorBanner.module.css';

export function VisitorBanner() {
  const openLogin = useUi((s) => s.setLoginOpen);
  return (
    <div className={styles.banner} role="note" data-testid="visitor-banner">
      <Icon name="users" size={18} />
      <p>{lobbyTexts.visitorPrompt}</p>
      <Button size="sm" onClick={() => openLogin(true)} data-testid="visitor-sign-in">
        Sign in
      </Button>
    </div>
  );
}
