// The known-device token (Decision 076): only this server can make one, it names
// one account of one kind, and it ends 90 days after the sign-in that issued it.
import { describe, expect, it } from 'vitest';
import { isDeviceOf, issueKnownDevice, KNOWN_DEVICE_SECONDS, readKnownDevice } from '@/lib/domain/known-devices';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('known-device tokens', () => {
  it('name the account they were issued for, in any spelling of it, and no other', () => {
    const device = readKnownDevice('customer', issueKnownDevice('customer', 'Owner@Example.com'));
    expect(device).not.toBeNull();
    expect(isDeviceOf(device, 'owner@example.com')).toBe(true);
    expect(isDeviceOf(device, ' OWNER@example.com ')).toBe(true);
    expect(isDeviceOf(device, 'other@example.com')).toBe(false);
    expect(isDeviceOf(null, 'owner@example.com')).toBe(false);
  });

  it('give every sign-in a device id of its own, and keep the address out of the token', () => {
    const [a, b] = [issueKnownDevice('customer', 'owner@example.com'), issueKnownDevice('customer', 'owner@example.com')];
    expect(readKnownDevice('customer', a)?.id).not.toBe(readKnownDevice('customer', b)?.id);
    expect(a).not.toMatch(/owner|example/i);
  });

  it('are refused when changed anywhere, of the other kind, or made up', () => {
    const token = issueKnownDevice('admin', 'admin');
    const parts = token.split('.');
    const changed = (index: number) => parts.map((p, i) => (i === index ? `${p.slice(0, -1)}${p.endsWith('A') ? 'B' : 'A'}` : p)).join('.');
    for (let i = 0; i < parts.length; i++) expect(readKnownDevice('admin', changed(i)), `part ${i}`).toBeNull();
    expect(readKnownDevice('customer', token)).toBeNull();
    expect(readKnownDevice('customer', token.replace('.admin.', '.customer.'))).toBeNull();
    for (const madeUp of [null, '', 'x', 'd1.admin.a.b.1.c', `${token}.extra`]) expect(readKnownDevice('admin', madeUp)).toBeNull();
    expect(readKnownDevice('admin', token)).not.toBeNull();
  });

  it(`end ${KNOWN_DEVICE_SECONDS / 86400} days after they were issued, and are refused dated ahead`, () => {
    const issuedAt = Date.now();
    const token = issueKnownDevice('customer', 'owner@example.com', issuedAt);
    expect(readKnownDevice('customer', token, issuedAt + 89 * DAY_MS)).not.toBeNull();
    expect(readKnownDevice('customer', token, issuedAt + 91 * DAY_MS)).toBeNull();
    expect(readKnownDevice('customer', token, issuedAt - 10 * 60 * 1000)).toBeNull();
  });
});
