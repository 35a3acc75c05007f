// The operators' console sections, in nav order. ONE list: a new section is one line here (and its
// page); the layout (ConsolePage.tsx) reads it and never changes for a new section.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ConsoleSection {
  key: string;
  label: string;
  /** Path under /console; the section owns everything below it (`/console/{path}/*`). */
  path: string;
  /** Platform roles that may open it: the same roles its API routes declare in the catalogue. */
  roles: readonly string[];
  /** One line under the section's name in the nav. */
  hint: string;
  page: LazyExoticComponent<ComponentType>;
}

export const consoleSections: ConsoleSection[] = [
  {
    key: 'reports',
    label: 'Reports',
    path: 'reports',
    roles: ['ad'],
    hint: 'Reported users, lobbies, posts and messages',
    page: lazy(() => import('./reports/ReportsSection.tsx')),
  },
  {
    key: 'users',
    label: 'Users',
    path: 'users',
    roles: ['ad'],
    hint: 'Search, roles, sessions, wallets, bans',
    page: lazy(() => import('./users/UsersSection.tsx')),
  },
  {
    key: 'lobbies',
    label: 'Lobbies live',
    path: 'lobbies',
    roles: ['ad'],
    hint: 'Live lobbies, members, reports',
    page: lazy(() => import('./lobbies/LobbiesSection.tsx')),
  },
  {
    key: 'hosts',
    label: 'Host applications',
    path: 'hosts',
    roles: ['ad'],
    hint: 'Approve or reject hosts',
    page: lazy(() => import('./hosts/HostsSection.tsx')),
  },
  {
    key: 'agencies',
    label: 'Agencies',
    path: 'agencies',
    roles: ['ad'],
    hint: 'Verify agencies, rosters, settlements',
    page: lazy(() => import('./agencies/AgenciesSection.tsx')),
  },
  {
    key: 'money',
    label: 'Money',
    path: 'money',
    roles: ['ad'],
    hint: 'Withdrawals, grants, payments, ledger audit',
    page: lazy(() => import('./money/MoneySection.tsx')),
  },
  {
    key: 'operations',
    label: 'Operations',
    path: 'operations',
    roles: ['ad', 'dev'],
    hint: 'Projection lag, open transactions, connections',
    page: lazy(() => import('./operations/OperationsSection.tsx')),
  },
  {
    key: 'ledger-proof',
    label: 'Ledger proof',
    path: 'ledger-proof',
    roles: ['ad', 'au'],
    hint: 'Hash-chained movements, signed digests, exports',
    page: lazy(() => import('./ledger-proof/LedgerProofSection.tsx')),
  },
  {
    key: 'audit',
    label: 'Audit trail',
    path: 'audit',
    roles: ['ad'],
    hint: 'Every operator action, by subject or operator',
    page: lazy(() => import('./audit/AuditSection.tsx')),
  },
];

/** The sections a user with these roles may open. */
export function sectionsFor(roles: readonly string[], sections: readonly ConsoleSection[] = consoleSections): ConsoleSection[] {
  return sections.filter((s) => s.roles.some((r) => roles.includes(r)));
}
