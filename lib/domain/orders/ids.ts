import { randomBytes } from 'node:crypto';

/** Order ids are random, so knowing one says nothing about another. */
export function newOrderId(): string {
  return `ord_${randomBytes(16).toString('hex')}`;
}
