// Error codes and the spec's texts (docs/decisions/api-contracts.md). Every HTTP error uses one envelope.
import { z } from 'zod';

/** The codes an API error can carry. Each maps to one HTTP status in `errorStatus`. */
export type ErrorCode =
  /** Body, query or path failed validation (400). */
  | 'VALIDATION_FAILED'
  /** No or bad bearer token (401). */
  | 'UNAUTHENTICATED'
  /** Signed in, but the role or lobby permission is missing (403). */
  | 'FORBIDDEN'
  /** The account is banned (403). */
  | 'UID_BANNED'
  /** Signed in, but the terms step (18+, terms) is not finished: only onboarding, sign-out and a visitor's reads are served (403). */
  | 'ONBOARDING_REQUIRED'
  /** The session was replaced by a sign-in on another device (401). */
  | 'SESSION_REPLACED'
  /** The resource does not exist (404). */
  | 'NOT_FOUND'
  /** A concurrent change won; retry (409). */
  | 'CONFLICT'
  /** A business rule refused the command (422). */
  | 'RULE_VIOLATED'
  /** Not enough diamonds or charm (422). */
  | 'INSUFFICIENT_BALANCE'
  /** Too many requests (429). */
  | 'RATE_LIMITED'
  /** Something unexpected on our side (500). */
  | 'INTERNAL'
  /** The database cannot be reached for now (restarting, failing over): nothing was decided, and
   * the same request (with the same idempotency key) may be sent again (503). */
  | 'UNAVAILABLE';

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  SESSION_REPLACED: 401,
  FORBIDDEN: 403,
  UID_BANNED: 403,
  ONBOARDING_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RULE_VIOLATED: 422,
  INSUFFICIENT_BALANCE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The spec's texts, written once. Templates take `{n}`, `{field}`, `{min}`, `{max}`. */
export const texts = {
  /** A NUL byte or a lone UTF-16 surrogate anywhere in a request: no text column or JSON document can hold either. */
  unstorableText: 'The request contains a character that is not allowed (a NUL byte or an unpaired surrogate).',
  maxChars: 'This field must not be more than {n} characters.',
  minChars: 'This field must be at least {n} characters long.',
  required: '{field} is required.',
  noSymbols: 'Must not include special symbols or emojis.',
  nameChangeLimit: 'Can be modified 3 times per month.',
  minAge: 'You must be at least 18 years old.',
  invalidRequiredBalance: 'Invalid required balance',
  enterEmail: 'Please enter your email.',
  emailInvalid: 'This email is invalid.',
  emailInvalidSignIn: 'Email is invalid.',
  amountBetween: 'Amount must be between {min} and {max}',
  uploadImageOnly: 'Please upload an image file.',
  uploadTooLarge: 'File size exceeds maximum limit (50MB). Please select a smaller file.',
  /** A picture whose pixels would take too much memory to decode (the file may be small). */
  uploadTooManyPixels: 'The image is too large: at most 8000 x 8000 pixels. Please select a smaller image.',
  dmNeedsMutualFollow: 'Messaging will be available after following each other.',
  dmNeedsReply: 'You can only send messages after the user has replied.',
  chatTooFast: 'You are sending messages too quickly.',
  noPermissionPage: 'You do not have permissions to access this page.',
  emailAlreadyLinked: 'This email address is already linked to an existing account. Please use another email address.',
  somethingWrong: 'Oops, something went wrong. Please try again.',
  uploadFailed: 'An error occured while uploading media. Please try again.',
  /** The title over a failed media upload's message. */
  uploadFailedTitle: 'Upload Failed',
  userNotFound: 'User not found.',
  userDoesNotExist: 'This user does not exist.',
  errorOccured: 'An error has occured.',
  /** 503: the database is restarting or out of reach; the client retries with the same key. */
  unavailable: 'The service is starting or unavailable. Please try again.',
  loggedInElsewhere: 'Your account is logged in another device.',
  banned: 'Your account is banned.',
  /** Any command before the terms step is done (403 ONBOARDING_REQUIRED). */
  onboardingRequired: 'Please accept the terms and confirm you are at least 18 years old to continue.',
  /** Web app: the stored session could not be renewed (refresh refused); the user must sign in. */
  sessionExpired: 'Your session has expired. Please sign in again.',
  rejoining: 'Something went wrong. Rejoining Lobby...',
  joinFailed: 'Failed to join lobby. Please try to join again.',
  invalidInvite: 'Invalid invite link redirecting you back shortly.',
  notEnoughExp: "You don't have enough EXP",
  adminAdded: 'User has been added as Lobby Admin successfully!',
  insufficientFunds: 'You may have insufficient balance.',
  addressNotAvailable: 'Address not available for token generation',
  /** Money module: a spend, gift or purchase above the diamond balance (422). */
  notEnoughDiamonds: 'Insufficient balance: this needs {needed} diamonds and you have {balance}.',
  /** Money module: a withdrawal above the available charm (422). */
  notEnoughCharm: 'Insufficient charm: you can withdraw at most {available} charm.',
} as const;

/** Fills a template's `{name}` holes. */
export function formatText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (hole, name: string) => (name in values ? String(values[name]) : hole));
}
