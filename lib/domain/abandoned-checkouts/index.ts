// Abandoned checkout recovery (issue #29 §5, Decision 096): one email per
// unpaid card checkout of a consenting customer, with a signed link that
// restores that cart in the browser, never twice, never after an unsubscribe.
import 'server-only';
import { readCartRestoreToken } from './restore-token';
import { recoverableLines, type RecoverableLine } from './cart-lines';

export { ABANDONED_CHECKOUT_CRON, ABANDONED_CHECKOUT_JOB, sendAbandonedCheckoutEmails } from './recovery';
export { cartRestoreToken, readCartRestoreToken, RESTORE_LINK_DAYS } from './restore-token';
export { type RecoverableLine } from './cart-lines';
export {
  DEFAULT_ABANDONED_CHECKOUT,
  getAbandonedCheckoutSettings,
  MAX_RECOVERY_DELAY_HOURS,
  saveAbandonedCheckoutSettings,
  type AbandonedCheckoutSettings,
} from './settings';

/** The lines a restore link gives back; null for a link this shop did not sign (or an expired one). */
export async function restoreCart(token: string): Promise<RecoverableLine[] | null> {
  const orderId = readCartRestoreToken(token);
  return orderId ? recoverableLines(orderId) : null;
}
