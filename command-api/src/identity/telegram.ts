// Telegram mini-app sign-in: initData is signed by the bot token (HMAC) and must be fresh.
import { identityTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { validate } from '@tma.js/init-data-node';
import { z } from 'zod';

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
  // Read with our own schema, not the library's parser: that one requires the `signature` field
  // (Bot API 8.0), which older clients never send although their HMAC is valid.
  const fields = new URLSearchParams(initData);
  const parsed = initDataFields.safeParse({ authDate: fields.get('auth_date'), user: fields.get('user') });
  if (!parsed.success) throw new ApiError('UNAUTHENTICATED', identityTexts.telegramInvalid);
  const authDate = parsed.data.authDate * 1000;
  if (authDate + s.maxAgeSeconds * 1000 < now.getTime() || authDate > now.getTime() + 60_000) {
    throw new ApiError('UNAUTHENTICATED', identityTexts.telegramStale);
  }
  const user = parsed.data.user;
  return { id: String(user.id), username: user.username ?? null, firstName: user.first_name, photoUrl: user.photo_url ?? null };
}

const telegramUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
});

const initDataFields = z.object({
  authDate: z.coerce.number().int().positive(),
  user: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'user is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(telegramUser),
});
