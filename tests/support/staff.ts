// Signing in to the back office from integration tests and scripts, through
// the same password step as POST /api/auth/login (limits, owner bootstrap).
import { signInWithPassword } from '@/lib/domain/staff';

/** A session token for a member without a second factor (the owner, admin / admin, unless given). */
export async function staffSessionToken(username = 'admin', password = 'admin'): Promise<string> {
  const outcome = await signInWithPassword(
    { username, password, trustedBrowser: null },
    { ip: '127.0.0.1', device: null },
    { ip: '127.0.0.1', userAgent: 'test' },
  );
  if (!outcome || !('session' in outcome)) throw new Error(`sign-in as ${username} failed or wants a second factor`);
  return outcome.session.token;
}
