// Customers and members in the back office (Decision 091), on a real database
// in test payment mode: the list's search and filters, and each action's whole
// effect, its audit row included: complimentary membership, cancelling now or
// at the period end, refunding a membership payment, resending the
// verification link, blocking (every session ends at once, sign-in answers as
// for a wrong password), and anonymising (the person is gone, the tax records stay).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticateUser, registerUser } from '@/lib/domain/accounts';
import { createCheckout } from '@/lib/domain/checkout';
import {
  anonymiseCustomer,
  anonymisedEmail,
  blockCustomer,
  cancelCustomerMembership,
  getCustomerOrThrow,
  grantComplimentaryMembership,
  listCustomers,
  refundMembershipPayment,
  resendVerification,
  unblockCustomer,
} from '@/lib/domain/customers';
import { orderInvoicePdf } from '@/lib/domain/invoices';
import { getMembershipStatus, isActiveMember } from '@/lib/domain/membership';
import { completeTestPayment, startSubscription } from '@/lib/domain/orders';
import { getSessionUser, issueSessionToken } from '@/lib/http/session';
import { db, type User } from '@/lib/infra/db';
import { createFixtures } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';

const SITE = 'http://localhost:3000';
process.env.SITE_URL = SITE;
delete process.env.STRIPE_SECRET_KEY;

const PASSWORD = 'Correct-Horse-42';
const ADMIN = 'owner';
const tag = randomBytes(4).toString('hex');
const fx = createFixtures('Customers');
let counter = 0;

async function customer(label: string): Promise<User> {
  const n = ++counter;
  return registerUser({ email: `cust-${tag}-${label}-${n}@example.com`, password: PASSWORD, name: `Cust ${tag} ${label} ${n}` });
}

async function paidMember(user: User): Promise<string> {
  const { sessionId } = await startSubscription({ user, interval: 'month', siteUrl: SITE });
  await completeTestPayment(sessionId, null);
  return sessionId;
}

async function paidOrder(user: User, priceCents = 1500): Promise<string> {
  const product = await fx.product({ priceCents, files: [{ storageKey: `it-customers/${tag}/${++counter}.pdf`, originalFilename: 'art.pdf' }] });
  const { sessionId } = await createCheckout({ productIds: [product.id], userId: user.id, customerEmail: user.email, siteUrl: SITE });
  await completeTestPayment(sessionId, user.email);
  return sessionId;
}

const audits = (userId: string) => db().auditLog.findMany({ where: { target: userId }, orderBy: { createdAt: 'asc' } });
const bearer = (token: string) => new Request(`${SITE}/api/auth/user-me`, { headers: { authorization: `Bearer ${token}` } });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: { code?: string }) => e.code,
  );

describe('the customer list', () => {
  it('searches part of an email or a name, and filters members and buyers in a day range', async () => {
    const buyer = await customer('buyer');
    const member = await customer('member');
    await customer('idle');
    await paidOrder(buyer);
    await grantComplimentaryMembership(ADMIN, member.id, 2);
    const page = (filter: Partial<Parameters<typeof listCustomers>[0]>) => listCustomers({ search: tag, limit: 50, offset: 0, ...filter });

    const all = await page({});
    expect(all.total).toBe(3);
    expect(all.customers.map((c) => c.id)).toContain(buyer.id);
    expect((await page({ search: buyer.email.slice(0, 20).toUpperCase() })).customers.map((c) => c.id)).toEqual([buyer.id]);
    expect((await page({ search: `Cust ${tag} member` })).customers.map((c) => c.id)).toEqual([member.id]);
    // LIKE's own characters are text, not patterns.
    expect((await page({ search: `${tag}%` })).total).toBe(0);

    const members = await page({ member: true });
    expect(members.customers.map((c) => [c.id, c.isMember, c.complimentary])).toEqual([[member.id, true, true]]);
    expect((await page({ member: false })).total).toBe(2);

    const today = new Date(Date.now() - 86_400_000);
    const bought = await page({ boughtFrom: today, boughtTo: new Date(Date.now() + 86_400_000) });
    expect(bought.customers.map((c) => [c.id, c.paidOrders, c.spentCents])).toEqual([[buyer.id, 1, 1500]]);
    expect((await page({ boughtTo: today })).total).toBe(0);
    expect((await page({ limit: 1, offset: 1 })).customers).toHaveLength(1);
  });
});

describe('membership actions', () => {
  it('grants a complimentary membership for N months that never renews, and refuses one over an active membership', async () => {
    const user = await customer('comp');
    const until = await grantComplimentaryMembership(ADMIN, user.id, 3);
    const months = (until.getUTCFullYear() - new Date().getUTCFullYear()) * 12 + until.getUTCMonth() - new Date().getUTCMonth();
    expect(months).toBe(3);
    expect(await isActiveMember(user.id)).toBe(true);
    expect((await getCustomerOrThrow(user.id)).membership).toMatchObject({
      isMember: true,
      complimentary: true,
      cancelAtPeriodEnd: true,
      throughStripe: false,
    });
    // No payment: no order of any kind.
    expect(await db().order.count({ where: { userId: user.id } })).toBe(0);
    expect(await refusal(grantComplimentaryMembership(ADMIN, user.id, 1))).toBe('conflict');
    expect(await refusal(grantComplimentaryMembership(ADMIN, user.id, 0))).toBe('invalid_request');
    expect(await refusal(grantComplimentaryMembership(ADMIN, 'nosuchcustomer', 1))).toBe('not_found');
    expect((await audits(user.id)).map((a) => [a.actor, a.action])).toEqual([[ADMIN, 'customer.membership.complimentary']]);
  });

  it('cancels at the period end (still a member) or now (access ends at once)', async () => {
    const user = await customer('cancel');
    expect(await refusal(cancelCustomerMembership(ADMIN, user.id, 'now'))).toBe('conflict');
    await paidMember(user);
    await cancelCustomerMembership(ADMIN, user.id, 'period_end');
    expect(await getMembershipStatus(user.id)).toMatchObject({ isMember: true, cancelAtPeriodEnd: true });
    expect(await refusal(cancelCustomerMembership(ADMIN, user.id, 'period_end'))).toBe('conflict');
    await cancelCustomerMembership(ADMIN, user.id, 'now');
    expect(await isActiveMember(user.id)).toBe(false);
    expect(await refusal(cancelCustomerMembership(ADMIN, user.id, 'now'))).toBe('conflict');
    expect((await audits(user.id)).map((a) => [a.action, (a.details as { when: string }).when])).toEqual([
      ['customer.membership.cancel', 'period_end'],
      ['customer.membership.cancel', 'now'],
    ]);
  });

  it("refunds one of the customer's membership payments through the refund path, never another's or a product order", async () => {
    const user = await customer('refund');
    const other = await customer('other');
    // Bought before joining: a member's checkout would be free.
    const productOrder = await paidOrder(user);
    const payment = await paidMember(user);
    expect(await refusal(refundMembershipPayment(ADMIN, other.id, { sessionId: payment }))).toBe('not_found');
    expect(await refusal(refundMembershipPayment(ADMIN, user.id, { sessionId: productOrder }))).toBe('invalid_request');
    const refund = await refundMembershipPayment(ADMIN, user.id, { sessionId: payment, membershipEnd: 'now' });
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 3500, membershipEnd: 'now' });
    expect(await isActiveMember(user.id)).toBe(false);
    expect(await db().adjustmentNote.count({ where: { refundId: refund.id } })).toBe(1);
    expect(await refusal(refundMembershipPayment(ADMIN, user.id, { sessionId: payment }))).toBe('conflict');
    const detail = await getCustomerOrThrow(user.id);
    expect(detail.orders.find((o) => o.sessionId === payment)).toMatchObject({ kind: 'subscription', refundedCents: 3500 });
    expect((await audits(user.id)).map((a) => a.action)).toEqual(['customer.membership.refund']);
  });
});

describe('sign-in actions', () => {
  it('sends a fresh verification link, and refuses once the address is proven', async () => {
    const user = await customer('verify');
    await resendVerification(ADMIN, user.id);
    const mail = await db().outboxEmail.findFirstOrThrow({ where: { to: user.email }, orderBy: { createdAt: 'desc' } });
    expect(mail.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{20,}/);
    expect((await getCustomerOrThrow(user.id)).emails.map((e) => e.kind)).toContain('email_verification');
    await db().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    expect(await refusal(resendVerification(ADMIN, user.id))).toBe('conflict');
    expect((await audits(user.id)).map((a) => a.action)).toEqual(['customer.verification.resend']);
  });

  it('blocking ends every session at once and sign-in fails as for a wrong password; unblocking lets them sign in again', async () => {
    const user = await customer('block');
    const tokens = [await issueSessionToken(user), await issueSessionToken(user)];
    for (const token of tokens) expect((await getSessionUser(bearer(token)))?.id).toBe(user.id);

    expect(await blockCustomer(ADMIN, user.id)).toBe(2);
    for (const token of tokens) expect(await getSessionUser(bearer(token))).toBeNull();
    expect(await authenticateUser(user.email, PASSWORD)).toBeNull();
    expect(await authenticateUser(user.email, 'wrong-password-1')).toBeNull();
    expect(await refusal(blockCustomer(ADMIN, user.id))).toBe('conflict');
    expect((await getCustomerOrThrow(user.id)).activeSessions).toBe(0);

    await unblockCustomer(ADMIN, user.id);
    expect((await authenticateUser(user.email, PASSWORD))?.id).toBe(user.id);
    // Unblocking gives no old session back.
    for (const token of tokens) expect(await getSessionUser(bearer(token))).toBeNull();
    expect(await refusal(unblockCustomer(ADMIN, user.id))).toBe('conflict');
    expect((await audits(user.id)).map((a) => a.action)).toEqual(['customer.block', 'customer.unblock']);
  });
});

describe('anonymising on request', () => {
  it('replaces name and email, makes sign-in impossible, ends sessions, and keeps orders, invoices and licences', async () => {
    const user = await customer('anon');
    const oldEmail = user.email;
    const small = await paidOrder(user, 1500);
    const large = await paidOrder(user, 120_000);
    const voucher = await db().voucher.create({
      data: { code: `ANON-${tag}`, customerEmail: oldEmail, type: 'fixed_amount', valueCents: 500, usageType: 'one_time' },
    });
    const token = await issueSessionToken(user);
    const invoiceBefore = await db().invoice.findUniqueOrThrow({
      where: { orderId: (await db().order.findUniqueOrThrow({ where: { sessionId: small } })).id },
    });

    await anonymiseCustomer(ADMIN, user.id);

    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ email: anonymisedEmail(user.id), name: 'Anonymised customer', passwordHash: '' });
    expect(after.email.endsWith('.invalid')).toBe(true);
    expect(await getSessionUser(bearer(token))).toBeNull();
    expect(await authenticateUser(oldEmail, PASSWORD)).toBeNull();
    expect(await authenticateUser(after.email, PASSWORD)).toBeNull();
    expect(await db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).toMatchObject({ customerEmail: after.email });
    expect(await db().emailLog.count({ where: { recipientEmail: oldEmail } })).toBe(0);

    // The tax records stay: both orders, their lines and amounts, the same invoice number.
    const orders = await db().order.findMany({ where: { userId: user.id }, orderBy: { amountCents: 'asc' }, include: { items: true, invoice: true } });
    expect(orders.map((o) => [o.sessionId, o.amountCents, o.items.length, o.invoice !== null])).toEqual([
      [small, 1500, 1, true],
      [large, 120_000, 1, true],
    ]);
    expect(orders[0].invoice!.number).toBe(invoiceBefore.number);
    expect(orders[0].customerEmail).toBe(after.email);
    // A tax invoice of $1,000 or more must identify the buyer, so that order keeps the address.
    expect(orders[1].customerEmail).toBe(oldEmail);
    const pdf = pdfText(Buffer.from((await orderInvoicePdf({ sessionId: small, userId: user.id })).body)).join('\n');
    expect(pdf).toContain(String(invoiceBefore.number));
    expect(pdf).not.toContain(oldEmail);
    const licences = await db().licence.findMany({ where: { orderItem: { order: { userId: user.id } } } });
    expect(licences.length).toBeGreaterThan(0);
    for (const licence of licences) expect(licence.holderName).toBe('Anonymised customer');

    expect(await refusal(anonymiseCustomer(ADMIN, user.id))).toBe('conflict');
    expect(await refusal(blockCustomer(ADMIN, user.id))).toBe('conflict');
    const [audit] = await audits(user.id);
    expect(audit).toMatchObject({ actor: ADMIN, action: 'customer.anonymise' });
    expect(JSON.stringify(audit.details)).not.toContain(oldEmail);
  });

  it('refuses while a membership is active, and changes nothing', async () => {
    const user = await customer('anon-member');
    await grantComplimentaryMembership(ADMIN, user.id, 1);
    expect(await refusal(anonymiseCustomer(ADMIN, user.id))).toBe('conflict');
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: user.email, anonymisedAt: null });
  });
});
