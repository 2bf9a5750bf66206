import { z } from 'zod';
import { sessionIdSchema } from './checkout';

/** A guest order's certificate link carries its session id, as its success page does. */
export const certificateQuerySchema = z.object({ session_id: sessionIdSchema.optional() });
