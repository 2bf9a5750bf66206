'use client';

import type { ReactNode } from 'react';
import type { AdminCustomerDetailResponse as Customer } from '@/lib/contract/customers';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { dollarsToCents, formatAud, formatDate, formatDateTime } from '@/lib/format';
import { AccountActions, MembershipActions, RefundPaymentButton } from './customer-actions';
import { CustomerBadges } from './customer-badges';
import { useAdminData } from './use-admin-data';
import { ScrollRegion } from '@/components/ui/scroll-region';

const money = (amount: number) => formatAud(dollarsToCents(amount));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id}>
      <h3 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h3>
      {children}
    </Card>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <p className="text-gray-700">None</p>;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 text-gray-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className="px-2 py-2 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function membershipText(m: NonNullable<Customer['membership']>): string {
  if (!m.is_member) return `Not a member (last: ${m.status}, ${m.ended_at ? `ended ${formatDate(m.ended_at)}` : `until ${formatDate(m.current_period_end)}`})`;
  const kind = m.complimentary ? 'Complimentary' : m.plan_interval === 'year' ? 'Yearly' : 'Monthly';
  return `${kind} member, ${m.cancel_at_period_end ? 'ends' : 'renews'} ${formatDate(m.current_period_end)}${m.through_stripe ? ' (Stripe)' : ''}`;
}

export function CustomerDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { data: c, mutate } = useAdminData<Customer>(`/api/admin/customers/${id}`, 'Failed to load the customer');
  const reload = () => void mutate();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="secondary" onClick={onBack}>
          Back to customers
        </Button>
      </div>
      {!c ? (
        <p role="status">Loading...</p>
      ) : (
        <>
          <Section id="customer-account" title={c.name}>
            <dl className="mb-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Email</dt>
              <dd className="break-all">
                {c.email} {c.email_verified ? '(verified)' : '(not verified)'}
              </dd>
              <dt className="font-semibold">Joined</dt>
              <dd>{formatDate(c.created_at)}</dd>
              <dt className="font-semibold">Marketing email</dt>
              <dd>{c.newsletter_consent ? 'Consented' : 'Not consented'}</dd>
              <dt className="font-semibold">Status</dt>
              <dd>
                <CustomerBadges
                  customer={{
                    is_member: !!c.membership?.is_member,
                    complimentary: !!c.membership?.complimentary,
                    blocked: !!c.blocked_at,
                    anonymised: !!c.anonymised_at,
                  }}
                />
                {!c.blocked_at && !c.anonymised_at && `${c.active_sessions} active session${c.active_sessions === 1 ? '' : 's'}`}
              </dd>
            </dl>
            <AccountActions customer={c} onChanged={reload} />
          </Section>
          <Section id="customer-membership" title="Membership">
            <p className="mb-3 text-sm">{c.membership ? membershipText(c.membership) : 'Never a member'}</p>
            <MembershipActions customer={c} onChanged={reload} />
          </Section>
          <Section id="customer-orders" title={`Orders (${c.order_count})`}>
            <Table
              caption="Orders, newest first"
              head={['Date', 'Order', 'Items', 'Amount', 'Refunded', 'Status', '']}
              rows={c.orders.map((o) => [
                formatDateTime(o.created_at),
                <span key="id" className="font-mono text-xs break-all">
                  {o.session_id}
                </span>,
                o.kind === 'subscription' ? 'Membership' : o.titles.join(', '),
                money(o.amount),
                o.refunded > 0 ? money(o.refunded) : '—',
                o.payment_status,
                o.kind === 'subscription' && o.payment_status === 'paid' && o.refunded === 0 && !c.anonymised_at ? (
                  <RefundPaymentButton key="refund" customer={c} sessionId={o.session_id} onChanged={reload} />
                ) : null,
              ])}
            />
          </Section>
          <Section id="customer-owned" title="Owned products">
            <Table caption="Owned products" head={['Product']} rows={c.owned_products.map((p) => [p.title])} />
          </Section>
          <Section id="customer-licences" title="Licences">
            <Table
              caption="Licences"
              head={['Licence', 'Product', 'Tier', 'Holder', 'Issued', 'Status']}
              rows={c.licences.map((l) => [l.id, l.product_title, l.tier, l.holder_name, formatDate(l.issued_at), l.status])}
            />
          </Section>
          <Section id="customer-vouchers" title="Vouchers">
            <Table
              caption="Vouchers"
              head={['Code', 'Type', 'Status', 'Created']}
              rows={c.vouchers.map((v) => [v.code, v.description, v.status, formatDate(v.created_at)])}
            />
          </Section>
          <Section id="customer-reviews" title="Reviews">
            <Table
              caption="Reviews, newest first"
              head={['Written', 'Product', 'Rating', 'Title', 'Shown']}
              rows={c.reviews.map((r) => [formatDate(r.created_at), r.product_title, `${r.rating} of 5`, r.title, r.hidden ? 'Hidden' : 'Shown'])}
            />
          </Section>
          <Section id="customer-emails" title="Email log">
            <Table
              caption="Emails, newest first"
              head={['Sent', 'Subject', 'To', 'By', 'Status']}
              rows={c.email_log.map((e) => [formatDateTime(e.sent_at), e.subject, e.recipient_email, e.sent_by, e.status])}
            />
          </Section>
        </>
      )}
    </div>
  );
}
