import { describe, expect, it } from 'vitest';
import {
  createLobbyErrors,
  createRoomErrors,
  emailError,
  otpError,
  reasonError,
  topUpAmountError,
  txHashError,
  type CreateLobbyForm,
} from './validation.ts';

const lobby = (over: Partial<CreateLobbyForm> = {}): CreateLobbyForm => ({
  title: 'Late night talks',
  tag: 'chill',
  description: 'Come and talk',
  languages: ['ENG'],
  kind: 'public',
  mainCategoryId: 'chatting',
  requiredDiamonds: '0',
  ...over,
});

describe('form validation uses the spec texts (section 5)', () => {
  it('e-mail in the sign-in flow', () => {
    expect(emailError('')).toBe('Please enter your email.');
    expect(emailError('not-an-email')).toBe('Email is invalid.');
    expect(emailError('ada@example.com')).toBeNull();
  });

  it('the e-mail code is 6 digits', () => {
    expect(otpError('12345')).not.toBeNull();
    expect(otpError('12345a')).not.toBeNull();
    expect(otpError('123456')).toBeNull();
  });

  it('create lobby: required title, 120 characters, required diamonds, 2 languages', () => {
    expect(createLobbyErrors(lobby())).toEqual({});
    expect(createLobbyErrors(lobby({ title: '' })).title).toBe('Title is required.');
    expect(createLobbyErrors(lobby({ description: 'x'.repeat(121) })).description).toBe('This field must not be more than 120 characters.');
    expect(createLobbyErrors(lobby({ requiredDiamonds: '-5' })).requiredDiamonds).toBe('Invalid required balance');
    expect(createLobbyErrors(lobby({ requiredDiamonds: 'abc' })).requiredDiamonds).toBe('Invalid required balance');
    expect(createLobbyErrors(lobby({ requiredDiamonds: '1.5' })).requiredDiamonds).toBe('Invalid required balance');
    expect(createLobbyErrors(lobby({ languages: ['ENG', 'FIL', 'ES'] })).languages).toBe('Choose up to 2 languages.');
  });

  it('create room: letters, numbers and emojis only; the spec durations', () => {
    expect(createRoomErrors({ title: 'Chill 🎧', mins: 15, requiredBalance: '0' })).toEqual({});
    expect(createRoomErrors({ title: 'bad<title>', mins: 15, requiredBalance: '0' }).title).toBe(
      'Room title may contain letters, numbers and emojis only.',
    );
    expect(createRoomErrors({ title: 'ok', mins: 45, requiredBalance: '0' }).mins).toBe('Room duration must be 15, 30, 60 or 120 minutes.');
    expect(createRoomErrors({ title: 'ok', mins: 30, requiredBalance: 'x' }).requiredBalance).toBe('Invalid required balance');
  });

  it('block reason: required, no emojis', () => {
    expect(reasonError('')).toMatch(/is required\.$/);
    expect(reasonError('spam 😡')).toBe('Must not include special symbols or emojis.');
    expect(reasonError('spamming the chat')).toBeNull();
  });

  it('top-up amount and transaction hash', () => {
    expect(topUpAmountError('0')).toBe('Amount must be between 1 and 5000');
    expect(topUpAmountError('')).toBe('Amount must be between 1 and 5000');
    expect(topUpAmountError('50')).toBeNull();
    expect(txHashError('')).toBe('Transaction hash is required.');
    expect(txHashError('0x12')).not.toBeNull();
    expect(txHashError('0x' + 'a'.repeat(64))).toBeNull();
  });
});
