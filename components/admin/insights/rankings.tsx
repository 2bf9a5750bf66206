import type { InsightsResponse, InsightsTopItem } from '@/lib/contract/insights';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Card } from '@/components/ui/card';
import { FigureTable } from './figure-table';

type Rankings = InsightsResponse['top_products'];

const itemColumns = [
  { label: 'Title', cell: (i: InsightsTopItem) => i.title || i.product_id },
  { label: 'Net revenue', cell: (i: InsightsTopItem) => formatAud(dollarsToCents(i.net_revenue)), numeric: true },
  { label: 'Units', cell: (i: InsightsTopItem) => i.units, numeric: true },
];

function RankingPair({ title, rankings, empty }: { title: string; rankings: Rankings; empty: string }) {
  return (
    <Card as="section" aria-label={title}>
      <h3 className="mb-3 text-lg font-semibold">{title}</h3>
      <div className="grid gap-6 lg:grid-cols-2">
        <FigureTable caption="By net revenue" columns={itemColumns} rows={rankings.by_revenue} rowKey={(i) => i.product_id} empty={empty} />
        <FigureTable caption="By units" columns={itemColumns} rows={rankings.by_units} rowKey={(i) => i.product_id} empty={empty} />
      </div>
    </Card>
  );
}

const codeKind = (c: InsightsResponse['top_codes'][number]) =>
  c.kind === 'discount_code' ? 'discount code' : c.usage_type === 'reusable' ? 'reusable voucher' : 'one-use voucher';

/** Top products, bundles, and discount codes and vouchers of the range. */
export function Rankings({ insights }: { insights: InsightsResponse }) {
  return (
    <>
      <RankingPair title="Top products" rankings={insights.top_products} empty="No products sold in this range" />
      <RankingPair title="Top bundles" rankings={insights.top_bundles} empty="No bundles sold in this range" />
      <Card as="section" aria-label="Top discount codes and vouchers">
        <FigureTable
          caption="Top discount codes and vouchers"
          rows={insights.top_codes}
          rowKey={(c) => c.code_id}
          empty="No codes used in this range"
          columns={[
            { label: 'Code', cell: (c) => c.code || c.code_id },
            { label: 'Kind', cell: (c) => `${c.type === 'percentage' ? 'Percentage' : 'Amount'}, ${codeKind(c)}` },
            { label: 'Uses', cell: (c) => c.uses, numeric: true },
            { label: 'Discount given', cell: (c) => formatAud(dollarsToCents(c.discount)), numeric: true },
          ]}
        />
      </Card>
    </>
  );
}
