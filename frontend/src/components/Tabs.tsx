// Tabs on radix-ui: a list of labelled triggers and their panels.
import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  variant?: 'underline' | 'pill';
  ariaLabel?: string;
}

export function Tabs({ items, value, defaultValue, onValueChange, variant = 'underline', ariaLabel }: TabsProps) {
  return (
    <T.Root className={styles.root} value={value} defaultValue={defaultValue ?? items[0]?.value} onValueChange={onValueChange}>
      <T.List className={`${styles.list} ${styles[variant]}`} aria-label={ariaLabel}>
        {items.map((item) => (
          <T.Trigger key={item.value} value={item.value} className={styles.trigger}>
            {item.label}
          </T.Trigger>
        ))}
      </T.List>
      {items.map((item) => (
        <T.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
