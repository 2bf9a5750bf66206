import { PlusIcon } from '@/components/ui/content-icons';

const FAQ: { q: string; a: string }[] = [
  {
    q: 'What do I get as a member?',
    a: 'Every product and bundle in the shop for $0. Add anything to your cart and check out without paying; your files are ready to download at once and stay in My Orders.',
  },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Cancel from this page whenever you like. Your membership will not renew, and you keep access until the end of the billing period you have paid for.',
  },
  {
    q: 'What happens to my downloads when my membership ends?',
    a: 'Everything you checked out while you were a member stays yours: it remains in My Orders and you can download it again at any time.',
  },
  {
    q: 'Can I switch between Monthly and Yearly?',
    a: 'Yes. Cancel your current plan, and once its billing period ends, subscribe to the other one.',
  },
  {
    q: 'How do promo codes work?',
    a: 'Enter your code under "Have a promo code?" before you choose a plan. The discount applies to your first billing period.',
  },
];

export function MembershipFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl">
      <h2 id="faq-heading" className="text-center text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      <div className="mt-6 flex flex-col gap-3">
        {FAQ.map(({ q, a }) => (
          <details key={q} className="group rounded-2xl bg-white p-5 shadow-sm">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {q}
                <span className="text-brand-700 transition group-open:rotate-45">
                  <PlusIcon className="h-5 w-5" />
                </span>
              </span>
            </summary>
            <p className="mt-3 text-gray-700">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
