// The lobby's interactive tools: the modal (dice, lucky number, quick poll), the poll card every
// member votes on, and the strip of latest results. The page feeds pushed tool events in, so a roll
// or a vote shows on every screen in the lobby as it happens.
import { lobbyTools, lobbyToolTexts, type LobbyPollDto, type LobbyToolResultDto } from '@murmur/contracts/lobby-tools';
import { useState, type FormEvent } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/Field.tsx';
import { diceTotal, toolActions } from '../../lobby/lobbyTools.ts';
import { toast } from '../../state/ui.ts';
import styles from './LobbyTools.module.css';

const diceFaces = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const face = (n: number) => diceFaces[n - 1] ?? String(n);

export function resultText(r: LobbyToolResultDto): string {
  return r.kind === 'dice'
    ? `${r.user.username} rolled ${r.dice.join(' + ')} = ${diceTotal(r.dice)}`
    : `${r.user.username} drew lucky number ${r.number}`;
}

function ResultLine({ result, latest }: { result: LobbyToolResultDto; latest?: boolean }) {
  return (
    <div className={`${styles.result} ${latest ? styles.latest : ''}`} data-testid={latest ? 'tool-result-latest' : 'tool-result'}>
      <span className={styles.resultIcon} aria-hidden>
        {result.kind === 'dice' ? result.dice.map(face).join('') : '🍀'}
      </span>
      <span>{resultText(result)}</span>
    </div>
  );
}

/** The latest results, newest first; the newest stands out. */
export function ToolResults({ recent }: { recent: LobbyToolResultDto[] }) {
  if (recent.length === 0) return null;
  const [latest, ...older] = recent;
  return (
    <div className={styles.results} data-testid="tool-results">
      <ResultLine result={latest!} latest />
      {older.slice(0, 2).map((r) => (
        <ResultLine key={r.position} result={r} />
      ))}
    </div>
  );
}

/** The poll: vote once, then see the counts; its opener or staff closes it. */
export function PollCard({
  lobbyId,
  poll,
  canVote,
  canClose,
  onVoted,
  onDismiss,
}: {
  lobbyId: string;
  poll: LobbyPollDto;
  canVote: boolean;
  canClose: boolean;
  onVoted(option: number): void;
  onDismiss(): void;
}) {
  const [busy, setBusy] = useState<number | 'close' | null>(null);
  const total = poll.counts.reduce((a, b) => a + b, 0);
  const closed = poll.closedAt !== null;
  const showCounts = closed || poll.myVote !== null || !canVote;
  const vote = async (option: number) => {
    setBusy(option);
    try {
      await toolActions.vote(lobbyId, poll.pollId, option);
      onVoted(option);
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.poll} data-testid="poll-card" aria-label="Poll">
      <header className={styles.pollHeader}>
        <span className={styles.pollBadge}>{closed ? 'Poll closed' : 'Poll'}</span>
        <small>by {poll.openedBy.username}</small>
        {closed ? (
          <button className={styles.dismiss} onClick={onDismiss} aria-label="Hide poll" data-testid="poll-dismiss">
            ×
          </button>
        ) : null}
      </header>
      <h3 data-testid="poll-question">{poll.question}</h3>
      <div className={styles.options}>
        {poll.options.map((option, i) => {
          const count = poll.counts[i] ?? 0;
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          const mine = poll.myVote === i;
          return showCounts ? (
            <div key={option} className={`${styles.bar} ${mine ? styles.mine : ''}`} data-testid={`poll-option-${i}`}>
              <span className={styles.fill} style={{ width: `${share}%` }} />
              <span className={styles.optionLabel}>
                {option}
                {mine ? <small> · your vote</small> : null}
              </span>
              <span className={styles.count} data-testid={`poll-count-${i}`}>
                {count}
              </span>
            </div>
          ) : (
            <Button
              key={option}
              variant="secondary"
              block
              busy={busy === i}
              disabled={busy !== null}
              onClick={() => void vote(i)}
              data-testid={`poll-vote-${i}`}
            >
              {option}
            </Button>
          );
        })}
      </div>
      <footer className={styles.pollFooter}>
        <span data-testid="poll-total">
          {total} {total === 1 ? 'vote' : 'votes'}
        </span>
        {canClose && !closed ? (
          <Button
            size="sm"
            variant="ghost"
            busy={busy === 'close'}
            onClick={() => {
              setBusy('close');
              void toolActions
                .closePoll(lobbyId, poll.pollId)
                .catch(() => undefined)
                .finally(() => setBusy(null));
            }}
            data-testid="poll-close"
          >
            Close poll
          </Button>
        ) : null}
      </footer>
    </section>
  );
}

/** The spec's interactive tools modal. */
export function ToolsModal({
  lobbyId,
  canStartPoll,
  pollOpen,
  onClose,
  onResult,
}: {
  lobbyId: string;
  canStartPoll: boolean;
  pollOpen: boolean;
  onClose(): void;
  onResult(position: string): void;
}) {
  const [busy, setBusy] = useState<'dice' | 'number' | 'poll' | null>(null);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: 'dice' | 'number') => {
    setBusy(kind);
    try {
      const answer = kind === 'dice' ? await toolActions.rollDice(lobbyId) : await toolActions.luckyNumber(lobbyId);
      onResult(answer.position);
      onClose();
    } catch {
      /* the client showed the server's message (e.g. too fast) */
    } finally {
      setBusy(null);
    }
  };

  const startPoll = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const filled = options.map((o) => o.trim()).filter((o) => o.length > 0);
    if (!question.trim()) return setError('Question is required.');
    if (filled.length < lobbyTools.poll.minOptions) return setError(lobbyToolTexts.optionsCount);
    setBusy('poll');
    try {
      const answer = await toolActions.openPoll(lobbyId, question.trim(), filled);
      toast('Poll started.', 'success');
      onResult(answer.position);
      onClose();
    } catch (err) {
      setError(err instanceof ApiCallError ? err.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Interactive tools"
      description="Everyone in the lobby sees the result."
      testId="tools-modal"
    >
      <div className={styles.tools}>
        <button className={styles.tool} onClick={() => void run('dice')} disabled={busy !== null} data-testid="tool-dice">
          <span className={styles.toolIcon} aria-hidden>
            🎲
          </span>
          <strong>Roll dice</strong>
          <small>Two dice, rolled by the server</small>
        </button>
        <button className={styles.tool} onClick={() => void run('number')} disabled={busy !== null} data-testid="tool-lucky-number">
          <span className={styles.toolIcon} aria-hidden>
            🍀
          </span>
          <strong>Lucky number</strong>
          <small>
            A number from {lobbyTools.luckyNumber.min} to {lobbyTools.luckyNumber.max}
          </small>
        </button>
      </div>
      <h4 className={styles.sectionTitle}>Quick poll</h4>
      {!canStartPoll ? (
        <p className={styles.note}>{lobbyToolTexts.pollNeedsStage}</p>
      ) : pollOpen ? (
        <p className={styles.note}>{lobbyToolTexts.pollOpenAlready}</p>
      ) : (
        <form onSubmit={startPoll} className={styles.pollForm} noValidate>
          <TextField
            id="poll-question"
            label="Question"
            value={question}
            maxLength={120}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="What should we play next?"
          />
          {options.map((o, i) => (
            <TextField
              key={i}
              id={`poll-option-input-${i}`}
              label={`Option ${i + 1}`}
              value={o}
              maxLength={lobbyTools.poll.optionMaxChars}
              onChange={(e) => setOptions((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
            />
          ))}
          {error ? (
            <p className={styles.error} role="alert" data-testid="poll-form-error">
              {error}
            </p>
          ) : null}
          <div className={styles.formActions}>
            {options.length < lobbyTools.poll.maxOptions ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setOptions((all) => [...all, ''])}
                data-testid="poll-add-option"
              >
                Add option
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" busy={busy === 'poll'} disabled={busy !== null} data-testid="poll-start">
              Start poll
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
