// Form validation of the web app: the contracts' zod schemas and spec texts, turned into one
// message per field, so the browser shows exactly what the server would answer.
import { solanaSignaturePattern } from '@murmur/contracts/deposits';
import { formatText, texts } from '@murmur/contracts/errors';
import { RequestOtpBody, OtpCode } from '@murmur/contracts/identity';
import { topUp } from '@murmur/contracts/wallet';
import { BlockBody, CreateLobbyBody, CreateRoomBody } from '@murmur/contracts/lobbies';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed parse; {} when the values are valid. */
export function fieldErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function emailError(email: string): string | null {
  return fieldErrors(RequestOtpBody, { email }).email ?? null;
}

export function mobileError(mobile: string): string | null {
  return fieldErrors(RequestOtpBody, { mobile }).mobile ?? null;
}

export function otpError(code: string): string | null {
  return OtpCode.safeParse(code).success ? null : 'Enter the 6-digit code.';
}

/** A number typed in a form: '' is 0, anything not a whole number stays a string so the schema refuses it. */
export function diamondsInput(raw: string): number | string {
  const trimmed = raw.trim();
  if (trimmed === '') return 0;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export interface CreateLobbyForm {
  title: string;
  tag: string;
  description: string;
  languages: string[];
  kind: string;
  mainCategoryId: string;
  requiredDiamonds: string;
}

export function createLobbyErrors(form: CreateLobbyForm): FieldErrors {
  return fieldErrors(CreateLobbyBody, { ...form, requiredDiamonds: diamondsInput(form.requiredDiamonds) });
}

export function createLobbyBody(form: CreateLobbyForm): z.infer<typeof CreateLobbyBody> {
  return CreateLobbyBody.parse({ ...form, requiredDiamonds: diamondsInput(form.requiredDiamonds) });
}

export interface CreateRoomForm {
  title: string;
  mins: number;
  requiredBalance: string;
}

export function createRoomErrors(form: CreateRoomForm): FieldErrors {
  return fieldErrors(CreateRoomBody, { ...form, requiredBalance: diamondsInput(form.requiredBalance) });
}

export function createRoomBody(form: CreateRoomForm): z.infer<typeof CreateRoomBody> {
  return CreateRoomBody.parse({ ...form, requiredBalance: diamondsInput(form.requiredBalance) });
}

/** A chat message: required, at most 1000 characters (the lobby chat body's limits). */
export function chatError(body: string): string | null {
  if (body.trim() === '') return formatText(texts.required, { field: 'Message' });
  if (body.trim().length > 1000) return formatText(texts.maxChars, { n: 1000 });
  return null;
}

export function reasonError(reason: string): string | null {
  const parsed = BlockBody.shape.reason.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Top-up limits in USD, as the money module decides them. */
export const topUpLimitsUsd = { min: topUp.minUsd, max: topUp.maxUsd } as const;

export function topUpAmountError(raw: string, limits: { min: number; max: number } = topUpLimitsUsd): string | null {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < limits.min || value > limits.max) {
    return formatText(texts.amountBetween, { min: limits.min, max: limits.max });
  }
  return null;
}

export const txHashText = 'Enter a valid transaction hash (0x followed by 64 hex characters).';

export const solanaSignatureText = 'Enter a valid transaction signature (the base58 text your Solana wallet shows).';

export function txHashError(hash: string, kind: 'evm' | 'solana' = 'evm'): string | null {
  if (hash.trim() === '') return formatText(texts.required, { field: kind === 'evm' ? 'Transaction hash' : 'Transaction signature' });
  if (kind === 'solana') return solanaSignaturePattern.test(hash.trim()) ? null : solanaSignatureText;
  return /^0x[0-9a-fA-F]{64}$/.test(hash.trim()) ? null : txHashText;
}
