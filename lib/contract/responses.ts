// Response shapes shared by the route handlers that produce them and the
// browser code that reads them: one definition, no `server-only` imports.

/** GET /api/orders/{userId}: one paid order in the customer's view (SPEC §3). */
export type CustomerOrderProduct = {
  id: string;
  title: string;
  price: number;
  image_path: string | null;
  is_bundle: boolean;
  /** One per downloadable file: its download path, never a storage key. */
  file_paths: string[];
  original_filenames: string[];
  /** `id` is stable (download links name it); `index` is the spec's file_index in this order's list. */
  files: { index: number; id: string; filename: string }[];
};

export type CustomerOrder = {
  session_id: string;
  created_at: string;
  amount: number;
  currency: string;
  item_count: number;
  products: CustomerOrderProduct[];
};

/** GET /api/account/vouchers. */
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

/** GET /api/admin/active-sales. */
export type ActiveSale = {
  id: string;
  title: string;
  category: string | null;
  original_price: number;
  sale_price: number;
  discount_percentage: number;
  sale_start: string | null;
  sale_end: string | null;
  is_bundle: boolean;
};

/** GET /api/admin/upload-progress/{batchId} (SPEC §3). */
export type UploadStage = 'processing' | 'complete' | 'failed' | 'partial';

export type UploadProgress = {
  batch_id: string;
  stage: UploadStage;
  current_file: number;
  total_files: number;
  current_filename: string;
  message: string;
  successful_files: number;
  failed_files: { filename: string; error: string }[];
};
