// The voice state pill of a lobby or room, and when voice cannot work, a notice saying why and what
// to do (the problem comes from the voice module, whichever provider it uses).
import { useState } from 'react';
import { useMedia as useVoice } from '../media/port.ts';
import { voiceProblemTexts } from './voiceProblems.ts';
import styles from './VoiceStatus.module.css';

export function VoiceStatus() {
  const state = useVoice((s) => s.state);
  const problem = useVoice((s) => s.problem);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const text = problem ? voiceProblemTexts[problem] : state === 'unavailable' ? voiceProblemTexts.unknown : null;
  const label =
    state === 'connected'
      ? 'Voice on'
      : state === 'connecting'
        ? 'Connecting voice…'
        : state === 'reconnecting'
          ? 'Reconnecting voice…'
          : state === 'unavailable'
            ? (text?.short ?? 'Voice is unavailable')
            : 'Voice off';
  const noticeKey = problem ?? (state === 'unavailable' ? 'unknown' : null);
  return (
    <div className={styles.wrap}>
      <span className={`${styles.pill} ${styles[state]}`} data-testid="voice-state" title={text?.explain}>
        {label}
      </span>
      {text && noticeKey && dismissed !== noticeKey ? (
        <span className={styles.notice} role="status" data-testid="voice-problem">
          <span>{text.explain}</span>
          <button type="button" className={styles.close} onClick={() => setDismissed(noticeKey)} aria-label="Dismiss">
            ×
          </button>
        </span>
      ) : null}
    </div>
  );
}
