// One wall post: author, content, media (or its lock with the unlock price), like button, delete
// (own posts) and report (others').
import type { WallPost } from '@murmur/contracts/social';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../components/Avatar.tsx';
import { ReportDialog } from '../moderation/ReportDialog.tsx';
import { Button } from '../components/Button.tsx';
import styles from './social.module.css';

export function PostCard({
  post,
  mine,
  onLike,
  onDelete,
  onUnlock,
}: {
  post: WallPost;
  mine: boolean;
  onLike(): void;
  onDelete?(): void;
  onUnlock?(): void;
}) {
  const [reporting, setReporting] = useState(false);
  const kind = post.mediaFormat?.split('/')[0];
  const author = post.authorUsername ?? post.authorUid;
  const profile = `/profile?uid=${encodeURIComponent(post.authorUid)}`;
  return (
    <article className={styles.post} data-testid={`post-${post.id}`}>
      <header className={styles.postHeader}>
        {/* The avatar repeats the name's link for the pointer; one tab stop and one name for screen readers. */}
        <Link to={profile} className={styles.authorAvatar} tabIndex={-1} aria-hidden data-testid="post-author-avatar">
          <Avatar name={author} src={post.authorProfilePic} size={36} />
        </Link>
        <div>
          <Link to={profile} className={styles.authorName} data-testid="post-author">
            {author}
          </Link>
          <div className={styles.dim}>{new Date(post.createdAt).toLocaleString()}</div>
        </div>
        {post.subscriberOnly ? <span className={styles.tag}>Subscribers</span> : null}
      </header>
      {post.content ? <p className={styles.postText}>{post.content}</p> : null}
      {post.mediaLocked ? (
        <div className={styles.locked}>
          <span aria-hidden>🔒</span> Private media
          {onUnlock ? (
            <Button size="sm" onClick={onUnlock}>
              Unlock for 💎 {post.unlockPrice}
            </Button>
          ) : null}
        </div>
      ) : post.mediaUrl ? (
        kind === 'video' ? (
          <video className={styles.media} src={post.mediaUrl} controls />
        ) : kind === 'audio' ? (
          <audio src={post.mediaUrl} controls />
        ) : (
          <img className={styles.media} src={post.mediaUrl} alt="" />
        )
      ) : null}
      <footer className={styles.postFooter}>
        <button
          className={`${styles.like} ${post.hasLiked ? styles.liked : ''}`}
          onClick={onLike}
          aria-pressed={post.hasLiked}
          data-testid="like-button"
        >
          {post.hasLiked ? '♥' : '♡'} <span data-testid="like-count">{post.likeCount}</span>
        </button>
        {mine && onDelete ? (
          <Button variant="ghost" size="sm" onClick={onDelete}>
            Delete
          </Button>
        ) : null}
        {!mine ? (
          <Button variant="ghost" size="sm" onClick={() => setReporting(true)} data-testid="report-post">
            Report
          </Button>
        ) : null}
      </footer>
      <ReportDialog
        target={reporting ? { kind: 'post', postId: post.id } : null}
        preview={post.content || null}
        onClose={() => setReporting(false)}
      />
    </article>
  );
}
