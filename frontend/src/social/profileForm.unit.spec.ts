// The client-side checks show the spec's texts before a request is made.
import { texts } from '@murmur/contracts/errors';
import { describe, expect, it } from 'vitest';
import { profileFormErrors, type ProfileForm } from './profileForm.ts';
import { uploadError } from './uploadChecks.ts';

const form = (over: Partial<ProfileForm>): ProfileForm => ({
  username: 'neo',
  bio: '',
  pinnedMessage: '',
  birthday: '',
  gender: '',
  address: { street: '', city: '', state: '', country: '' },
  ...over,
});
const now = new Date('2026-11-22T12:00:00Z');

describe('profile form checks', () => {
  it('refuses symbols and emojis in the username', () => {
    expect(profileFormErrors(form({ username: 'neo!' }), now).username).toBe(texts.noSymbols);
    expect(profileFormErrors(form({ username: 'neo😀' }), now).username).toBe(texts.noSymbols);
    expect(profileFormErrors(form({ username: 'neo_1' }), now)).toEqual({});
  });
  it('limits bio and pinned message to 120 characters', () => {
    expect(profileFormErrors(form({ bio: 'x'.repeat(121) }), now).bio).toBe('This field must not be more than 120 characters.');
    expect(profileFormErrors(form({ pinnedMessage: 'x'.repeat(120) }), now)).toEqual({});
  });
  it('needs 18 years on the birthday', () => {
    expect(profileFormErrors(form({ birthday: '2008-11-23' }), now).birthday).toBe(texts.minAge);
    expect(profileFormErrors(form({ birthday: '2008-11-22' }), now)).toEqual({});
  });
});

describe('upload checks', () => {
  it('accepts image, video and audio up to 50 MB', () => {
    expect(uploadError({ type: 'video/mp4', size: 52_428_800 })).toBeNull();
    expect(uploadError({ type: 'image/png', size: 52_428_801 })).toBe(texts.uploadTooLarge);
    expect(uploadError({ type: 'application/pdf', size: 10 })).toBe(texts.uploadImageOnly);
    expect(uploadError({ type: 'audio/mpeg', size: 10 }, true)).toBe(texts.uploadImageOnly);
  });
});
