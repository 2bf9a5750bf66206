import 'server-only';
import type { AdminOrderResponse, CustomerOrderResponse } from '@/lib/contract/orders';
import type { AdminOrder, CustomerOrder } from '@/lib/domain/orders';
import { adjustmentNotePath, certificatePath } from '@/lib/shop';
import { centsToDollars } from '@/lib/format';

// Links name the file's stable id (decision 059), so they survive files being added or removed.
const downloadPath = (sessionId: string, productId: string, fileId: string) =>
  `/api/download/${encodeURIComponent(sessionId)}/${encodeURIComponent(productId)}?file_id=${encodeURIComponent(fileId)}`;

export function toCustomerOrderResponse(order: CustomerOrder): CustomerOrderResponse {
  return {
    session_id: order.sessionId,
    created_at: order.createdAt.toISOString(),
    amount: centsToDollars(order.amountCents),
    currency: order.currency.toUpperCase(),
    item_count: order.items.length,
    refunds: order.refunds.map((r) => ({
      id: r.id,
      amount: centsToDollars(r.amountCents),
      refunded_at: r.refundedAt.toISOString(),
      adjustment_note_url: adjustmentNotePath(order.sessionId, r.id),
    })),
    products: order.items.map((item) => ({
      id: item.productId,
      title: item.title,
      price: centsToDollars(item.priceCents),
      bundle_credit: centsToDollars(item.bundleCreditCents),
      image_path: item.imagePath,
      is_bundle: item.isBundle,
      refunded: item.refundedAt !== null,
      licence: item.licence && {
        id: item.licence.id,
        tier: item.licence.tierKey,
        name: item.licence.tierName,
        status: item.licence.status,
        certificate_url: certificatePath(item.licence.id),
        upgrades: item.licence.upgrades.map((u) => ({ key: u.key, name: u.name, price: centsToDollars(u.priceCents) })),
      },
      // docs/product.md §3 names file_paths; storage keys of paid files never leave the
      // server (docs/security.md S5), so each entry is the download path of that file.
      file_paths: item.files.map((f) => downloadPath(order.sessionId, item.productId, f.id)),
      original_filenames: item.files.map((f) => f.filename),
      files: item.files.map((f, index) => ({
        index,
        id: f.id,
        filename: f.filename,
        version: f.version,
        updated_at: f.updatedAt?.toISOString() ?? null,
        earlier_versions: f.earlierVersions.map((v) => ({
          id: v.id,
          filename: v.filename,
          version: v.version,
          created_at: v.createdAt.toISOString(),
          file_path: downloadPath(order.sessionId, item.productId, v.id),
        })),
      })),
    })),
  };
}

/** The back office may see storage keys (S5 allows them to admins only). */
export function toAdminOrderResponse(o: AdminOrder): AdminOrderResponse {
  return {
    id: o.id,
    session_id: o.sessionId,
    created_at: o.createdAt.toISOString(),
    customer_email: o.customerEmail,
    amount: centsToDollars(o.amountCents),
    currency: o.currency.toUpperCase(),
    payment_status: o.paymentStatus,
    status: o.status,
    kind: o.kind,
    products: o.items.map((i) => ({
      id: i.productId,
      title: i.title,
      price: centsToDollars(i.priceCents),
      bundle_credit: centsToDollars(i.bundleCreditCents),
      image_path: i.imagePath,
      file_paths: i.files.map((f) => f.storageKey),
      original_filenames: i.files.map((f) => f.originalFilename),
      refunded_at: i.refundedAt?.toISOString() ?? null,
    })),
    email_logs: o.emailLogs.map((l) => ({
      recipient_email: l.recipientEmail,
      sent_at: l.sentAt.toISOString(),
      sent_by: l.sentBy,
      status: l.status,
      kind: l.kind,
    })),
    refunds: o.refunds.map((r) => ({
      id: r.id,
      source: r.source,
      status: r.status,
      amount: centsToDollars(r.amountCents),
      voucher_returned: centsToDollars(r.voucherReturnedCents),
      actor: r.actor,
      created_at: r.createdAt.toISOString(),
      dispute_outcome: r.disputeOutcome,
      resolved_at: r.resolvedAt?.toISOString() ?? null,
      product_ids: r.productIds,
      membership_end: r.membershipEnd,
    })),
    download_count: o.downloadCount,
    downloads: o.downloads.map((d) => ({ downloaded_at: d.createdAt.toISOString(), product_id: d.productId, filename: d.filename, ip: d.ip })),
  };
}
