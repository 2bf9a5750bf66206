import 'server-only';
import type Stripe from 'stripe';
import { stripe } from './index';

// Where the money of a membership payment sits. Each payment is an invoice of
// the subscription; its charge belongs to a PaymentIntent that the invoice
// lists among its payments (an includable field, so always asked for). The
// first period's invoice is the checkout session's; renewals are keyed by
// their invoice id (Decision 065). Used to refund a membership payment and to
// tell which membership payment a charge event is about (Decision 075).

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function paidIntent(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const paid = payments.find((p) => p.status === 'paid') ?? payments[0];
  return idOf(paid?.payment.payment_intent);
}

/** The PaymentIntent that paid an invoice (`in_…`) or a subscription checkout's first invoice (`cs_…`). */
export async function membershipPaymentIntent(sessionOrInvoiceId: string): Promise<string | null> {
  const invoiceId = sessionOrInvoiceId.startsWith('in_') ? sessionOrInvoiceId : idOf((await stripe().checkout.sessions.retrieve(sessionOrInvoiceId)).invoice);
  if (!invoiceId) return null;
  return paidIntent(await stripe().invoices.retrieve(invoiceId, { expand: ['payments'] }));
}

export type MembershipInvoice = {
  invoiceId: string;
  /** subscription_create for the first period (the checkout's order), subscription_cycle for a renewal. */
  billingReason: string | null;
  /** The checkout order that started the subscription (its metadata, set by the shop). */
  firstOrderId: string | null;
};

/** The invoice a PaymentIntent paid, or null when it paid none (a one-off checkout, another system's charge). */
export async function invoiceOfPaymentIntent(paymentIntentId: string): Promise<MembershipInvoice | null> {
  const page = await stripe().invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntentId },
    expand: ['data.invoice'],
    limit: 1,
  });
  const invoice = page.data[0]?.invoice;
  if (!invoice || typeof invoice === 'string' || invoice.deleted) return null;
  return {
    invoiceId: invoice.id,
    billingReason: invoice.billing_reason ?? null,
    firstOrderId: invoice.parent?.subscription_details?.metadata?.order_id ?? null,
  };
}
