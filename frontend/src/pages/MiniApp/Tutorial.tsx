// The mini-app's 3-step tutorial (docs/decisions/mini-app.md), shown once; the flag is stored locally.
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { readLocal, writeLocal } from '../../state/store.ts';
import styles from './MiniApp.module.css';

export const TUTORIAL_SEEN_KEY = 'murmur.miniAppTutorialSeen';

const steps = [
  { emoji: '💎', title: 'Claim Diamonds every day', text: 'Open Earn once a day for free Diamonds, and finish missions for more.' },
  { emoji: '🎙️', title: 'Join live lobbies', text: 'Engage lists the lobbies that are live now: listen, take a mic and send gifts.' },
  { emoji: '🏆', title: 'Invite friends and climb', text: 'Share your link from Refer, and watch the leaderboards in Top.' },
] as const;

export function Tutorial() {
  const [step, setStep] = useState(() => (readLocal(TUTORIAL_SEEN_KEY) === '1' ? -1 : 0));
  const done = () => {
    writeLocal(TUTORIAL_SEEN_KEY, '1');
    setStep(-1);
  };
  const current = steps[step];
  if (!current) return null;
  const last = step === steps.length - 1;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && done()}
      size="sm"
      title={current.title}
      description={`Step ${step + 1} of ${steps.length}`}
      testId="mini-tutorial"
      footer={
        <>
          {last ? null : (
            <Button variant="ghost" onClick={done} data-testid="tutorial-skip">
              Skip
            </Button>
          )}
          <Button onClick={() => (last ? done() : setStep(step + 1))} data-testid="tutorial-next">
            {last ? 'Start' : 'Next'}
          </Button>
        </>
      }
    >
      <div className={styles.tutorialEmoji} aria-hidden>
        {current.emoji}
      </div>
      <p className={styles.muted} style={{ textAlign: 'center' }}>
        {current.text}
      </p>
      <div className={styles.steps} aria-hidden>
        {steps.map((s, i) => (
          <span key={s.title} className={`${styles.stepDot} ${i === step ? styles.stepOn : ''}`} />
        ))}
      </div>
    </Dialog>
  );
}
