'use client';

import { useState } from 'react';
import type { AdminCustomerResponse as Customer } from '@/lib/contract/customers';
import { dollarsToCents, formatAud, formatDate } from '@/lib/format';
import { CustomerBadges } from './customer-badges';
import { CustomerDetail } from './customer-detail';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { Pager } from './pager';
import { listPath, useAdminList, useDebounced } from './use-admin-list';
import { ScrollRegion } from '@/components/ui/scroll-region';

// Customers and members: a server-paged list (search, member and bought-in
// filters), and one customer's record with the actions on it in place of the list.

const PAGE_SIZE = 50;
const CUSTOMERS_PATH = '/api/admin/customers';
const rowsOf = (body: unknown) => (body as { customers: Customer[] }).customers;

export function CustomersTab() {
  const [search, setSearch] = useState('');
  const [member, setMember] = useState('');
  const [consent, setConsent] = useState('');
  const [boughtFrom, setBoughtFrom] = useState('');
  const [boughtTo, setBoughtTo] = useState('');
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDebounced(search.trim());
  const filter = { q, member, consent, bought_from: boughtFrom, bought_to: boughtTo };
  const { data, mutate } = useAdminList<Customer>(CUSTOMERS_PATH, { ...filter, limit: PAGE_SIZE, offset }, 'Failed to load customers', rowsOf);
  const customers = data?.rows;
  const filtered = (set: (value: string) => void) => (value: string) => {
    set(value);
    setOffset(0);
  };

  if (openId) {
    return (
      <CustomerDetail
        id={openId}
        onBack={() => {
          setOpenId(null);
          void mutate();
        }}
      />
    );
  }

  return (
    <Card as="section" aria-labelledby="customers-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="customers-title" className="text-lg font-bold">
          Customers
        </h2>
        <a className={buttonClass({ variant: 'secondary' })} href={listPath(`${CUSTOMERS_PATH}.csv`, filter)} download>
          Export CSV
        </a>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          id="customer-search"
          label="Search"
          type="search"
          placeholder="Email or name..."
          value={search}
          onChange={(e) => filtered(setSearch)(e.target.value)}
        />
        <SelectField id="customer-member" label="Membership" value={member} onChange={(e) => filtered(setMember)(e.target.value)}>
          <option value="">All customers</option>
          <option value="true">Members</option>
          <option value="false">Not members</option>
        </SelectField>
        <SelectField id="customer-consent" label="Marketing email" value={consent} onChange={(e) => filtered(setConsent)(e.target.value)}>
          <option value="">Any</option>
          <option value="true">Consented</option>
          <option value="false">Not consented</option>
        </SelectField>
        <TextField id="customer-bought-from" label="Bought from" type="date" value={boughtFrom} onChange={(e) => filtered(setBoughtFrom)(e.target.value)} />
        <TextField id="customer-bought-to" label="Bought to" type="date" value={boughtTo} onChange={(e) => filtered(setBoughtTo)(e.target.value)} />
      </div>
      {customers === undefined ? (
        <p role="status">Loading...</p>
      ) : customers.length === 0 ? (
        <p className="text-gray-700">No customers found</p>
      ) : (
        <ScrollRegion label="Customer list">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-700">
              <tr>
                {['Name', 'Email', 'Status', 'Paid orders', 'Spent', 'Joined', 'Actions'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {customers.map((c) => (
                <tr key={c.id} data-testid="customer-row">
                  <td className="px-2 py-2 font-semibold">{c.name}</td>
                  <td className="px-2 py-2 break-all">{c.email}</td>
                  <td className="px-2 py-2">
                    <CustomerBadges customer={c} />
                  </td>
                  <td className="px-2 py-2">{c.paid_orders}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{formatAud(dollarsToCents(c.total_spent))}</td>
                  <td className="px-2 py-2">{formatDate(c.created_at)}</td>
                  <td className="px-2 py-2">
                    <Button variant="secondary" size="sm" onClick={() => setOpenId(c.id)} aria-label={`Open ${c.name} (${c.email})`}>
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager label="Customers" offset={offset} pageSize={PAGE_SIZE} shown={customers?.length ?? 0} total={data?.total ?? 0} onOffset={setOffset} />
    </Card>
  );
}
