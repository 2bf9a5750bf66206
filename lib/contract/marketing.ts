import { z } from 'zod';

// Marketing email preferences (Decision 087).
/** POST /api/email/unsubscribe: the link's token (query or form) and RFC 8058's one-click field. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(300).optional() });
export const unsubscribeForm = z.object({ token: z.string().min(1).max(300).optional(), 'List-Unsubscribe': z.string().max(50).optional() });
export const unsubscribeResponse = z.object({ success: z.literal(true), category: z.string(), message: z.string() });
