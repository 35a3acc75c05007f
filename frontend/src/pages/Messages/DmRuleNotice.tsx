// What the composer says before anyone types: who may write (the spec's rule, from
// contracts), with a Follow button when following is what is missing.
import { dmRefusal, socialTexts, type DirectMessage, type ProfileView } from '@murmur/contracts/social';
import { texts } from '@murmur/contracts/errors';
import { Button } from '../../components/Button.tsx';
import { setFollowing } from '../../social/socialApi.ts';
import styles from './MessagesPage.module.css';

/** Null when the viewer may write; otherwise the reason, as the server would refuse. */
export function composerRefusal(me: string, view: ProfileView | undefined, messages: DirectMessage[]) {
  if (!view) return null;
  return dmRefusal({
    self: view.isSelf,
    blocked: view.isBlocked,
    mutualFollow: view.isFollowing && view.isFollower,
    otherHasWritten: messages.some((m) => m.senderUid === view.uid),
    senderHasWritten: messages.some((m) => m.senderUid === me),
  });
}

export function DmRuleNotice({ view, refusal }: { view: ProfileView; refusal: NonNullable<ReturnType<typeof composerRefusal>> }) {
  const name = view.username ?? 'this user';
  const text =
    refusal === 'needs-mutual-follow'
      ? texts.dmNeedsMutualFollow
      : refusal === 'needs-reply'
        ? texts.dmNeedsReply
        : refusal === 'blocked'
          ? socialTexts.blocked
          : socialTexts.cannotMessageSelf;
  const detail =
    refusal !== 'needs-mutual-follow'
      ? null
      : view.isFollowing
        ? `You follow ${name}. You can write once ${name} follows you back.`
        : view.isFollower
          ? `${name} follows you. Follow back to start talking.`
          : `Follow ${name}; once you follow each other, you can write.`;
  return (
    <div className={styles.rule} role="status" data-testid="dm-rule">
      <span className={styles.ruleIcon} aria-hidden>
        🔒
      </span>
      <div className={styles.ruleText}>
        <strong>{text}</strong>
        {detail ? <span>{detail}</span> : null}
      </div>
      {refusal === 'needs-mutual-follow' && !view.isFollowing ? (
        <Button size="sm" onClick={() => void setFollowing(view.uid, true)} data-testid="dm-follow">
          {view.isFollower ? 'Follow back' : 'Follow'}
        </Button>
      ) : null}
    </div>
  );
}
