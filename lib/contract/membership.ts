import { z } from 'zod';

export const subscribeSchema = z.object({
  user_id: z.string().max(64).optional(),
  plan_interval: z.enum(['month', 'year'], { message: 'plan_interval must be month or year' }),
  test_code: z.string().trim().max(40).regex(/^[A-Za-z0-9-]*$/, 'Invalid promo code').optional(),
});

export const cancelQuerySchema = z.object({
  cancel_at_period_end: z.enum(['true', 'false']).default('true'),
});
