// The Help Center's questions and answers, grouped by topic.
import type { ReactNode } from 'react';
import { texts } from '@murmur/contracts/errors';

export interface HelpTopic {
  icon: string;
  title: string;
  questions: Array<{ q: string; a: ReactNode; link?: { to: string; label: string } }>;
}

export const helpTopics: HelpTopic[] = [
  {
    icon: '🎙️',
    title: 'Lobbies and voice',
    questions: [
      {
        q: 'How do I join a conversation?',
        a: (
          <p>
            Open any lobby card on the home page. You join as a listener; ask for a seat with “Request mic” and the host lets you speak.
          </p>
        ),
        link: { to: '/', label: 'Find a lobby' },
      },
      {
        q: 'Nobody can hear me, or I cannot hear anyone.',
        a: (
          <p>
            Allow the microphone when the browser asks (the lock icon beside the address lets you change it later), check that no other app
            holds the microphone, and reload the lobby. On a company or school network, voice may be blocked: try another network.
          </p>
        ),
      },
      { q: 'What is a private room?', a: <p>A timed room inside a lobby that a guest joins for a fee in diamonds, set by its host.</p> },
    ],
  },
  {
    icon: '💎',
    title: 'Diamonds, gifts and the wallet',
    questions: [
      {
        q: 'How do I get diamonds?',
        a: <p>Top up in your wallet by card or crypto. New accounts get a one-time first-top-up offer.</p>,
        link: { to: '/wallet', label: 'Open the wallet' },
      },
      {
        q: 'What happens when I send a gift?',
        a: <p>The diamonds leave your wallet at once and the people you chose receive charm, which hosts can withdraw.</p>,
      },
      {
        q: 'A top-up did not arrive.',
        a: (
          <p>
            Card payments arrive within a minute. Crypto top-ups arrive once the transaction is confirmed on its chain; keep the transaction
            hash.
          </p>
        ),
      },
    ],
  },
  {
    icon: '💬',
    title: 'Messages and people',
    questions: [
      {
        q: 'Why can I not message someone?',
        a: (
          <p>
            {texts.dmNeedsMutualFollow} Follow them from their profile; once they follow you back, you can write. Someone who has written to
            you can always get your answer.
          </p>
        ),
        link: { to: '/messages', label: 'Open messages' },
      },
      { q: 'How do I block or report someone?', a: <p>Open their profile, press ⋯ and choose Block or Report.</p> },
    ],
  },
  {
    icon: '👤',
    title: 'Account',
    questions: [
      {
        q: 'I was signed out.',
        a: (
          <p>
            Sessions end after a while without use, or when you sign in on another device. Sign in again with the same method to get back to
            your account.
          </p>
        ),
      },
      {
        q: 'How do I change my name or picture?',
        a: <p>Edit profile lets you change your picture, banner, bio and username (3 changes a month).</p>,
        link: { to: '/edit-profile', label: 'Edit profile' },
      },
    ],
  },
];
