// GET /api/orders/{userId} and GET /api/account/vouchers, as this page reads them.
export type OrderProduct = {
  id: string;
  title: string;
  price: number;
  image_path: string | null;
  is_bundle: boolean;
  original_filenames: string[];
  files: { index: number; filename: string }[];
};

export type CustomerOrder = {
  session_id: string;
  created_at: string;
  amount: number;
  currency: string;
  item_count: number;
  products: OrderProduct[];
};

export type CustomerVoucher = {
  id: string;
  code: string;
  type: 'fixed_amount' | 'percentage';
  value: number;
  usage_type: 'reusable' | 'one_time';
  current_balance: number | null;
  original_balance: number | null;
  status: string;
};

export type VouchersResponse = { vouchers: CustomerVoucher[]; email_verified: boolean };
