// Drop-down menu on radix-ui: a trigger and a list of actions (the lobby member menu, account menu).
import { DropdownMenu as M } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './Menu.module.css';

export interface MenuAction {
  label: string;
  onSelect(): void;
  tone?: 'danger';
}

export interface MenuProps {
  trigger: ReactNode;
  actions: MenuAction[];
  label?: string;
  align?: 'start' | 'center' | 'end';
}

export function Menu({ trigger, actions, label, align = 'start' }: MenuProps) {
  return (
    <M.Root>
      <M.Trigger asChild>{trigger}</M.Trigger>
      <M.Portal>
        <M.Content className={styles.content} align={align} sideOffset={6}>
          {label ? <M.Label className={styles.label}>{label}</M.Label> : null}
          {actions.map((a) => (
            <M.Item key={a.label} className={`${styles.item} ${a.tone === 'danger' ? styles.danger : ''}`} onSelect={a.onSelect}>
              {a.label}
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
