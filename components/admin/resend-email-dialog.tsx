'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { Dialog } from '@/components/ui/dialog';
import { shortOrderId } from './order-card';
import { Button } from '@/components/ui/button';
import type { AdminOrderResponse as AdminOrder } from '@/lib/contract/orders';

type Props = {
  open: boolean;
  orders: AdminOrder[];
  initial: AdminOrder | null;
  username: string;
  onClose: () => void;
  onSent: () => Promise<void>;
};

export function ResendEmailDialog(props: Props) {
  return (
    <Dialog open={props.open} title="Resend Order Email" onClose={props.onClose} size="sm">
      <ResendForm key={props.initial?.session_id ?? ''} {...props} />
    </Dialog>
  );
}

function ResendForm({ orders, initial, username, onClose, onSent }: Props) {
  const [sessionId, setSessionId] = useState(initial?.session_id ?? '');
  const [email, setEmail] = useState(initial?.customer_email ?? '');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const to = email.trim();
    if (!sessionId || !to) return;
    setBusy(true);
    // admin_username is what the spec's client sends; the server logs its own session admin instead (S8).
    const result = await api.form('/api/admin/orders/resend-email', { session_id: sessionId, email: to, admin_username: username });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to send email');
    toast.success(`Email sent to ${to}`);
    onClose();
    await onSent();
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <SelectField id="resend-order" label="Order" required value={sessionId} onChange={(e) => setSessionId(e.target.value)}>
        <option value="">Choose an order</option>
        {orders.map((o) => (
          <option key={o.session_id} value={o.session_id}>
            …{shortOrderId(o.session_id)} — {o.customer_email ?? 'no email'}
          </option>
        ))}
      </SelectField>
      <TextField id="resend-email" label="Send to email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !sessionId || !email.trim()}>
          {busy ? 'Sending...' : 'Send Email'}
        </Button>
      </div>
    </form>
  );
}
