import 'server-only';
import type { FileHistoryResponse, FileVersionResponse } from '@/lib/contract/file-versions';
import type { FileHistory, FileVersionRecord } from '@/lib/domain/catalog';

export function toFileVersionResponse(v: FileVersionRecord): FileVersionResponse {
  return { id: v.id, filename: v.originalFilename, version: v.version, created_at: v.createdAt.toISOString() };
}

export function toFileHistoryResponse(history: FileHistory): FileHistoryResponse {
  return {
    files: history.map((f) => ({
      ...toFileVersionResponse(f),
      earlier_versions: f.earlierVersions.map(toFileVersionResponse),
      update_emails: f.notices.map((n) => ({ queued_at: n.queuedAt.toISOString(), recipients: n.recipients, sent: n.sent, sent_by: n.actor })),
    })),
  };
}
