// Catalogue items as cards with their price, duration and spec badge (hot sale, coming soon, sold out);
// a sold-out or ended item still opens the purchase dialog, which shows why it cannot be bought.
import type { SkuDto } from '@murmur/contracts/wallet';
import { Avatar } from '../components/Avatar.tsx';
import { Button } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { durationText } from './PurchaseDialog.tsx';
import styles from './Shop.module.css';

const tagText = { hot_sale: 'Hot sale', coming_soon: 'Coming soon', sold_out: 'Sold out' } as const;

export function ShopGrid({ items, onBuy }: { items: SkuDto[]; onBuy(sku: SkuDto): void }) {
  const now = new Date().toISOString();
  return (
    <div className={styles.grid} data-testid="shop-grid">
      {items.map((sku) => {
        const ended = sku.availableUntil !== null && sku.availableUntil <= now;
        return (
          <div key={sku.id} className={styles.card} data-testid="shop-item" data-sku={sku.id}>
            {sku.badge ? (
              <span className={`${styles.tag} ${styles[`tag_${sku.badge}`]}`}>{tagText[sku.badge]}</span>
            ) : ended ? (
              <span className={`${styles.tag} ${styles.tag_ended}`}>Ended</span>
            ) : null}
            <div className={styles.preview}>
              {sku.kind === 'frame' ? <Avatar name={sku.name} size={52} frame={sku.id} /> : <img src={sku.imageUrl} alt="" />}
            </div>
            <h3>{sku.name}</h3>
            <span className={styles.expiry}>{durationText(sku)}</span>
            <span className={styles.price}>
              <Icon name="diamond" size={14} /> {sku.price.toLocaleString()}
            </span>
            <Button size="sm" variant="secondary" onClick={() => onBuy(sku)} data-testid="buy-item">
              Buy
            </Button>
          </div>
        );
      })}
    </div>
  );
}
