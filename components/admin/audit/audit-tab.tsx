'use client';

import { useState } from 'react';
import type { AuditEntryResponse, AuditResponse } from '@/lib/contract/staff';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { TableHead } from '../table-head';
import { Pager } from '../pager';
import { listPath, useAdminList } from '../use-admin-list';
import { AuditFilters, NO_FILTER, type AuditFilter } from './audit-filters';

const AUDIT_PATH = '/api/admin/audit';
const PAGE_SIZE = 50;

const detailsText = (details: unknown) => (details === null || details === undefined ? '' : JSON.stringify(details));

/** Who did what, when: the audit log newest first, filtered, exported as CSV (every matching row). */
export function AuditTab() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [offset, setOffset] = useState(0);
  // The page's rows; the person and action lists ride along on the same answer.
  const [options, setOptions] = useState<Pick<AuditResponse, 'actors' | 'actions'>>({ actors: [], actions: [] });
  const { data } = useAdminList<AuditEntryResponse>(AUDIT_PATH, { ...filter, limit: PAGE_SIZE, offset }, 'Failed to load the audit log', (body) => {
    const page = body as AuditResponse;
    setOptions({ actors: page.actors, actions: page.actions });
    return page.entries;
  });

  return (
    <Card as="section" className="flex flex-col gap-4" aria-labelledby="audit-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-title" className="text-lg font-bold">
          Audit log
        </h2>
        <a className={buttonClass({ variant: 'secondary' })} href={listPath(`${AUDIT_PATH}.csv`, filter)} download>
          Export CSV
        </a>
      </div>
      <AuditFilters
        actors={options.actors}
        actions={options.actions}
        onApply={(next) => {
          setFilter(next);
          setOffset(0);
        }}
      />
      {data === undefined ? (
        <p role="status">Loading...</p>
      ) : data.rows.length === 0 ? (
        <p className="text-gray-700">No entries match.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit entries">
          <table className="w-full text-left text-sm">
            <TableHead columns={['When', 'Person', 'Action', 'Target', 'Details']} />
            <tbody className="divide-y divide-gray-100">
              {data.rows.map((e) => (
                <tr key={e.id} data-testid="audit-row">
                  <td className="whitespace-nowrap px-2 py-2">{formatDateTime(e.created_at)}</td>
                  <td className="px-2 py-2">{e.actor}</td>
                  <td className="px-2 py-2 font-mono text-xs">{e.action}</td>
                  <td className="max-w-48 truncate px-2 py-2">{e.target ?? ''}</td>
                  <td className="max-w-96 truncate px-2 py-2 font-mono text-xs text-gray-700">{detailsText(e.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager label="Audit log" offset={offset} pageSize={PAGE_SIZE} shown={data.rows.length} total={data.total} onOffset={setOffset} />}
    </Card>
  );
}
