// GET /api/admin/settings/business — the business details printed on invoices
// PUT /api/admin/settings/business — admin: save them (ABN checked by its check digits)
import { businessDetailsResponse, businessDetailsSchema } from '@/lib/contract/invoices';
import { getBusinessDetails, saveBusinessDetails, type BusinessDetails } from '@/lib/domain/invoices';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

const toDto = (details: BusinessDetails) => ({
  name: details.name,
  abn: details.abn,
  address: details.address,
  email: details.email,
  gst_registered: details.gstRegistered,
});

export const GET = adminHandler('settings.business', async () => jsonOf(businessDetailsResponse, toDto(await getBusinessDetails()), { cache: 'no-store' }));

export const PUT = adminHandler('settings.business', async (request, _context, admin) => {
  const body = await parseJson(request, businessDetailsSchema);
  const saved = await saveBusinessDetails(admin.username, {
    name: body.name,
    abn: body.abn,
    address: body.address,
    email: body.email,
    gstRegistered: body.gst_registered,
  });
  return jsonOf(businessDetailsResponse, toDto(saved), { cache: 'no-store' });
});
