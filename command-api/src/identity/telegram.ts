// Telegram mini-app sign-in: initData is signed by the bot token (HMAC) and must be fresh.
import { identityTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { parse, validate } from '@tma.js/init-data-node';

export interface TelegramUser {
  id: string;
  username: string | null;
  firstName: string;
  photoUrl: string | null;
}

export function verifyInitData(initData: string, s: { botToken: string; maxAgeSeconds: number }, now: Date): TelegramUser {
  try {
    // Freshness is checked below against our clock, so the library checks the signature only.
    validate(initData, s.botToken, { expiresIn: 0 });
  } catch {
    throw new ApiError('UNAUTHENTICATED', identityTexts.telegramInvalid);
  }
  let data: ReturnType<typeof parse>;
  try {
    data = parse(initData);
  } catch {
    throw new ApiError('UNAUTHENTICATED', identityTexts.telegramInvalid);
  }
  const authDate = data.auth_date.getTime();
  if (authDate + s.maxAgeSeconds * 1000 < now.getTime() || authDate > now.getTime() + 60_000) {
    throw new ApiError('UNAUTHENTICATED', identityTexts.telegramStale);
  }
  const user = data.user;
  if (!user) throw new ApiError('UNAUTHENTICATED', identityTexts.telegramInvalid);
  return { id: String(user.id), username: user.username ?? null, firstName: user.first_name, photoUrl: user.photo_url ?? null };
}
