// The badges a user wears (up to 3), as small icons beside their name.
import { collectible } from '@murmur/contracts/wallet';
import styles from './WornBadges.module.css';

export function WornBadges({ badgeIds, size = 16 }: { badgeIds?: readonly string[] | null; size?: number }) {
  if (!badgeIds || badgeIds.length === 0) return null;
  return (
    <span className={styles.badges} data-testid="worn-badges">
      {badgeIds.map((id) => {
        const item = collectible(id);
        return (
          <span key={id} className={styles.badge} title={item?.name ?? id} data-badge={id} style={{ width: size + 6, height: size + 6 }}>
            {/* The size inline: a card's own `img` rule (the shop's 56 px pictures) must not blow the icon up. */}
            <img
              src={item?.imageUrl ?? '/gifts/star.svg'}
              alt={item?.name ?? id}
              width={size}
              height={size}
              style={{ width: size, height: size }}
            />
          </span>
        );
      })}
    </span>
  );
}
