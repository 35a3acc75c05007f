// Shapes shared by many routes' answers: what a command answers (the global position of its last
// event, for X-Min-Position read-your-writes) and how a list shows a user.
import { z } from 'zod';
import { AppearanceDto } from './collections.ts';

/** A command's answer: `position` is the global position of the last appended event, as a string
 * (a bigint in the store). Routes add their own fields with `commandAnswer({...})`. */
export const CommandAnswer = z.object({ position: z.string() });
export type CommandAnswer = z.infer<typeof CommandAnswer>;
export const commandAnswer = <T extends z.ZodRawShape>(shape: T) => CommandAnswer.extend(shape);

/** A user as lists show them: a uid unknown to identity shows as itself, with no picture. */
export const UserCard = z.object({
  uid: z.string(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
  /** The frame and badges the user wears, and VIP; cards of users not looked up have none. */
  appearance: AppearanceDto.optional(),
});
export type UserCard = z.infer<typeof UserCard>;

/** A spec message answered by a command or a check. */
export const MessageAnswer = z.object({ message: z.string() });
