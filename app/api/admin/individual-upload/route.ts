// POST /api/admin/individual-upload — admin: one product from a mockup image and its files (multipart)
import { revalidateCatalog } from '@/lib/cache/catalog';
import { createIndividualProduct, INDIVIDUAL_LIMITS, readMultipart } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { streamedBody } from '@/lib/http/body-limit';
import { individualUploadResponse } from '@/lib/contract/uploads';
import { jsonOf } from '@/lib/http/handler';

export const POST = adminHandler(
  'catalogue',
  async (request, _context, admin) => {
    const product = await createIndividualProduct(admin.username, readMultipart(request, INDIVIDUAL_LIMITS));
    revalidateCatalog();
    return jsonOf(individualUploadResponse, { success: true, product_id: product.id, title: product.title }, { status: 201 });
    // The streaming reader's per-part limits bound the body, not one total.
  },
  streamedBody(),
);
