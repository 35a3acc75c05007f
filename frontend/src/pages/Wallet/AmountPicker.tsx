// The top-up amount: the recommended amounts (spec: 10, 50, 100 USD) or another one, and the
// first-top-up offer's price.
import { money } from '@murmur/contracts/constants';
import { FieldFrame, fieldStyles } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { topUpLimitsUsd } from '../../forms/validation.ts';
import styles from './Wallet.module.css';

export const offerPriceUsd = money.firstTopUpPackageUsd * (1 - money.firstTopUpDiscount);
export const offerDiamonds = money.firstTopUpPackageUsd * money.diamondsPerUsd;

export function AmountPicker({ value, onChange, error }: { value: string; onChange(v: string): void; error: string | null }) {
  return (
    <FieldFrame id="topup-amount" label="Amount (USD)" error={error}>
      <div className={styles.presets}>
        {money.recommendedTopUpsUsd.map((usd) => (
          <button
            type="button"
            key={usd}
            className={`${styles.preset} ${value === String(usd) ? styles.presetOn : ''}`}
            onClick={() => onChange(String(usd))}
          >
            <strong>${usd}</strong>
            <small>
              <Icon name="diamond" size={11} /> {(usd * money.diamondsPerUsd).toLocaleString()}
            </small>
          </button>
        ))}
      </div>
      <input
        id="topup-amount"
        className={fieldStyles.input}
        inputMode="decimal"
        placeholder={`Other amount (${topUpLimitsUsd.min}-${topUpLimitsUsd.max})`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
