// Gift vouchers a customer owns: those issued to their proven email address.
import 'server-only';
import { db, type Voucher } from '@/lib/infra/db';

export async function listCustomerVouchers(email: string): Promise<Voucher[]> {
  return db().voucher.findMany({ where: { customerEmail: email.toLowerCase(), status: { not: 'disabled' } }, orderBy: { createdAt: 'desc' } });
}
