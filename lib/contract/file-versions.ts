import { z } from 'zod';
import { isoDateTime } from './common';

// Versions of a product's files and the update emails about them (Decision 68), admin only.

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/i, 'Invalid id');

// POST /api/products/{id}/files/{fileId}/versions, …/notify.
export const productFileParams = z.object({ id, fileId: id });

export const fileVersionResponse = z.object({ id: z.string(), filename: z.string(), version: z.number().int().min(1), created_at: isoDateTime });
export type FileVersionResponse = z.infer<typeof fileVersionResponse>;

/** 202: the emails are durable jobs, one per buyer, sent after the answer. */
export const updateEmailsResponse = z.object({ queued: z.number().int().min(0) });
export type UpdateEmailsResponse = z.infer<typeof updateEmailsResponse>;

// GET /api/products/{id}/file-history: the Edit dialog's log of versions and update emails.
export const updateNoticeResponse = z.object({
  queued_at: isoDateTime,
  recipients: z.number().int().min(0),
  sent: z.number().int().min(0),
  sent_by: z.string(),
});
export type UpdateNoticeResponse = z.infer<typeof updateNoticeResponse>;

export const fileHistoryEntryResponse = fileVersionResponse.extend({
  earlier_versions: z.array(fileVersionResponse),
  update_emails: z.array(updateNoticeResponse),
});
export type FileHistoryEntryResponse = z.infer<typeof fileHistoryEntryResponse>;

export const fileHistoryResponse = z.object({ files: z.array(fileHistoryEntryResponse) });
export type FileHistoryResponse = z.infer<typeof fileHistoryResponse>;
