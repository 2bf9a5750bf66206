// GET /api/orders/{userId} and GET /api/account/vouchers, as this page reads them.
import type { CustomerOrder, CustomerOrderProduct, CustomerVoucher } from '@/lib/contract/responses';

export type { CustomerOrder, CustomerVoucher };
export type OrderProduct = CustomerOrderProduct;

export type VouchersResponse = { vouchers: CustomerVoucher[]; email_verified: boolean };
