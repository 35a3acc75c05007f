// The edit-profile form's values and its checks with the spec's texts (section 5), run before
// the server sees the form.
import { limits } from '@murmur/contracts/constants';
import { formatText, texts } from '@murmur/contracts/errors';
import { USERNAME_PATTERN, type Address } from '@murmur/contracts/social';

export interface ProfileForm {
  username: string;
  bio: string;
  pinnedMessage: string;
  birthday: string;
  gender: string;
  address: Address;
  profilePicUrl?: string;
  profileBannerUrl?: string;
}

/** The spec's texts for each field, checked before the server sees the form. */
export function profileFormErrors(form: ProfileForm, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.username && !USERNAME_PATTERN.test(form.username)) errors.username = texts.noSymbols;
  for (const f of ['bio', 'pinnedMessage'] as const)
    if ([...form[f]].length > limits.text) errors[f] = formatText(texts.maxChars, { n: limits.text });
  if (form.birthday) {
    const b = new Date(`${form.birthday}T00:00:00Z`);
    const adult = new Date(Date.UTC(b.getUTCFullYear() + limits.minimumAge, b.getUTCMonth(), b.getUTCDate()));
    if (adult > now) errors.birthday = texts.minAge;
  }
  return errors;
}
