// What a chat line is, for the chat that shows it and the reports queue that quotes it.
import { z } from 'zod';

export const LobbyChatMessageType = z.enum(['text', 'sticker', 'emoji', 'gif', 'image']);
export type LobbyChatMessageType = z.infer<typeof LobbyChatMessageType>;
