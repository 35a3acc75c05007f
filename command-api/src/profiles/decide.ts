// The profile decider: username rules (format, 3 changes per calendar month in UTC), bio and
// pinned message length, 18+ birthday, gender. Pure: the time comes in on the command.
import { formatText, limits, texts, Username, type UpdateProfileDetailsBody } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveProfile, initialProfileState, type ProfileChanges, type ProfileEvent, type ProfileState } from './profiles.ts';

export interface UpdateProfile {
  type: 'UpdateProfile';
  uid: string;
  body: UpdateProfileDetailsBody;
  now: Date;
}

/** The body's profileFormList folded over its flat fields (the list wins: it is what the form sends). */
export function normalizeBody(body: UpdateProfileDetailsBody): UpdateProfileDetailsBody {
  const out: UpdateProfileDetailsBody = { ...body };
  for (const item of body.profileFormList ?? []) {
    if (item.field === 'gender') out.gender = item.value as UpdateProfileDetailsBody['gender'];
    else out[item.field] = item.value;
  }
  delete out.profileFormList;
  return out;
}

export function changesThisMonth(state: ProfileState, now: Date): number {
  const month = now.toISOString().slice(0, 7);
  return state.usernameChanges.filter((at) => at.slice(0, 7) === month).length;
}

/** Whole years between the birthday and now. */
export function ageOn(birthday: string, now: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** Validates a requested username against the state; returns the new name, or null when unchanged. */
export function checkUsername(state: ProfileState, requested: string | undefined, now: Date): string | null {
  if (requested === undefined) return null;
  const parsed = Username.safeParse(requested);
  if (!parsed.success) throw new ApiError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? texts.noSymbols, { field: 'username' });
  const username = parsed.data;
  if (username === state.username) return null;
  if (changesThisMonth(state, now) >= limits.nameChangesPerMonth) {
    throw new ApiError('RULE_VIOLATED', texts.nameChangeLimit, { field: 'username' });
  }
  return username;
}

function decide(command: UpdateProfile, state: ProfileState): ProfileEvent[] {
  const body = normalizeBody(command.body);
  const now = command.now;
  const events: ProfileEvent[] = [];
  const username = checkUsername(state, body.username, now);
  const maxText = formatText(texts.maxChars, { n: limits.text });
  const changes: ProfileChanges = {};
  for (const field of ['bio', 'pinnedMessage'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if ([...value.trim()].length > limits.text) throw new ApiError('VALIDATION_FAILED', maxText, { field });
    if (value.trim() !== state.details[field]) changes[field] = value.trim();
  }
  if (body.birthday !== undefined && body.birthday !== state.details.birthday) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.birthday) || Number.isNaN(Date.parse(body.birthday))) {
      throw new ApiError('VALIDATION_FAILED', formatText(texts.required, { field: 'Birthday' }), { field: 'birthday' });
    }
    if (ageOn(body.birthday, now) < limits.minimumAge) throw new ApiError('VALIDATION_FAILED', texts.minAge, { field: 'birthday' });
    changes.birthday = body.birthday;
  }
  if (body.gender !== undefined) {
    if (!['male', 'female', 'nonconforming'].includes(body.gender)) {
      throw new ApiError('VALIDATION_FAILED', formatText(texts.required, { field: 'Gender' }), { field: 'gender' });
    }
    if (body.gender !== state.details.gender) changes.gender = body.gender;
  }
  if (body.address !== undefined && JSON.stringify(body.address) !== JSON.stringify(state.details.address)) changes.address = body.address;
  if (body.profilePicUrl !== undefined && body.profilePicUrl !== state.details.profilePicUrl) changes.profilePicUrl = body.profilePicUrl;
  if (body.profileBannerUrl !== undefined && body.profileBannerUrl !== state.details.profileBannerUrl)
    changes.profileBannerUrl = body.profileBannerUrl;
  if (username !== null) {
    events.push({ type: 'UsernameChanged', data: { uid: command.uid, username, previous: state.username, changedAt: now.toISOString() } });
  }
  if (Object.keys(changes).length > 0) {
    events.push({ type: 'ProfileDetailsUpdated', data: { uid: command.uid, changes, updatedAt: now.toISOString() } });
  }
  return events;
}

export const profileDecider: Decider<ProfileState, UpdateProfile, ProfileEvent> = {
  evolvesOn: { ProfileDetailsUpdated: true, UsernameChanged: true },
  initialState: initialProfileState,
  evolve: (state, event) => evolveProfile(state, event),
  decide,
};
