// Shapes the admin API answers with (see lib/contract/admin.ts and the route handlers).
import type { ActiveSale } from '@/lib/contract/responses';

export type { ActiveSale };

export type AdminProduct = {
  id: string;
  title: string;
  description: string;
  price: number;
  on_sale: boolean;
  sale_price: number | null;
  sale_start: string | null;
  sale_end: string | null;
  image_path: string | null;
  thumbnail_path: string | null;
  category: string | null;
  subcategory: string | null;
  tags: string[];
  file_paths: string[];
  original_filenames: string[];
  is_bundle: boolean;
};

export type Category = { id: string; name: string; subcategories: string[]; display_image: string | null; updated_at: string };

export type Tag = { id: string; name: string };

export type Voucher = {
  id: string;
  code: string;
  customer_email: string;
  type: 'percentage' | 'fixed_amount';
  value: number;
  usage_type: 'reusable' | 'one_time';
  original_balance: number | null;
  current_balance: number | null;
  status: string;
  notes: string;
  created_at: string;
  used_at: string | null;
};

export type OrderProduct = { id: string; title: string; image_path: string | null };

export type EmailLogEntry = { recipient_email: string; sent_at: string; sent_by: string; status: string };

export type AdminOrder = {
  session_id: string;
  created_at: string;
  customer_email: string | null;
  amount: number;
  currency: string;
  payment_status: string;
  status: string;
  products: OrderProduct[];
  email_logs: EmailLogEntry[];
};
