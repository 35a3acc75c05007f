// Age from a birthday ('You must be at least 18 years old.'; docs/decisions/identity.md).
import { limits } from '@murmur/contracts/constants';
import { formatText, texts } from '@murmur/contracts/errors';

export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number);
  if (!y || !m || !d) return NaN;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

export function birthdayError(birthday: string, today = new Date()): string | null {
  if (!birthday) return formatText(texts.required, { field: 'Birthday' });
  const age = ageOn(birthday, today);
  if (!Number.isFinite(age) || age < limits.minimumAge) return texts.minAge;
  return null;
}
