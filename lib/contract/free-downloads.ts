import { z } from 'zod';
import { successResponse } from './common';
import { marketingConsent } from './marketing';

// Free downloads (Decision 095).
/** POST /api/free-downloads: the product, who is asking, and the consent box. */
export const freeDownloadRequestBody = z.object({
  product_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid product id'),
  email: z.email('Please enter a valid email address').max(254),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  consent: marketingConsent,
});

/** The same answer whether or not the address has an account. */
export const freeDownloadRequestResponse = successResponse.extend({ message: z.string() });

/** POST /api/free-downloads/confirm: the emailed link's token. */
export const freeDownloadConfirmBody = z.object({ token: z.string().min(1).max(200) });
/** The order's session id: the success page shows and polls it like any checkout's. */
export const freeDownloadConfirmResponse = successResponse.extend({ session_id: z.string() });
export type FreeDownloadConfirmResponse = z.infer<typeof freeDownloadConfirmResponse>;
