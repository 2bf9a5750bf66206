import { CheckboxField } from '@/components/ui/form-controls';
import { CONSENT_WORDS } from '@/lib/shop';

/** The unticked consent box (Decision 095): its words are stored with the consent, so they come from one constant. */
export function ConsentBox({ id, checked, onChange, className }: { id: string; checked: boolean; onChange: (checked: boolean) => void; className?: string }) {
  return <CheckboxField id={id} label={CONSENT_WORDS} checked={checked} className={className} onChange={(e) => onChange(e.target.checked)} />;
}
