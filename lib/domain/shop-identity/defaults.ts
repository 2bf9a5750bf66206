// What the shop says about itself before its owner changes anything: the same
// values the migration gives the ShopIdentity row, so the shop reads the same
// whether or not the row can be read, and the built-in page texts.
import type { ShopPageSlug } from '@/lib/shop-pages';

export type ShopIdentity = {
  name: string;
  logoPath: string | null;
  heroImagePath: string | null;
  heroHeadline: string;
  heroText: string;
  socialHandle: string;
  contactEmail: string;
  footerLine: string;
};

export const DEFAULT_SHOP_IDENTITY: ShopIdentity = {
  name: 'Pixel Press Studio',
  logoPath: null,
  heroImagePath: null,
  heroHeadline: 'Print-ready designs, instantly yours',
  heroText: 'Sublimation designs, clip art, wall art and money-saving bundles. Pay in AUD, download in seconds.',
  socialHandle: 'pixelpressstudio',
  contactEmail: '',
  footerLine: 'All rights reserved.',
};

// The refund policy states the buyer's rights under the Australian Consumer Law
// (which no shop can take away) and never says "no refunds": the ACCC treats such
// a sign as misleading (ACL ss 18 and 29(1)(m)).
export const DEFAULT_PAGES: Record<ShopPageSlug, string> = {
  about: [
    '## About us',
    '',
    'We make print-ready designs, clip art and bundles for makers, crafters and small businesses.',
    'Every design downloads the moment you pay, priced in Australian dollars.',
  ].join('\n'),
  'refund-policy': [
    '## Refunds and your rights',
    '',
    'Our products come with guarantees that cannot be excluded under the Australian Consumer Law.',
    'If a file you bought has a major failure (it will not open, is not as described, or is not what you paid for),',
    'you are entitled to a refund or a replacement. If the problem is not a major failure, we will fix it',
    'or replace the file within a reasonable time, and if we cannot, you are entitled to a refund.',
    '',
    '## How to ask',
    '',
    'Contact us with your order number and what is wrong. We reply within two business days and refund to',
    'the card you paid with. A refunded item is removed from your downloads and its licence ends.',
    '',
    '## Change of mind',
    '',
    'Because a download cannot be returned, we are not required to refund a purchase you no longer want,',
    'but ask us: we look at every request. This does not limit your rights under the Australian Consumer Law.',
  ].join('\n'),
  privacy: [
    '## Privacy',
    '',
    'We collect the details we need to sell to you: your name, email address and what you bought.',
    'Card payments are handled by our payment provider; we never see or store your card number.',
    'We use your details to deliver your downloads, send receipts and tax invoices, and answer you.',
    'We do not sell your details. You may ask us what we hold about you, and to correct it, at any time.',
  ].join('\n'),
  contact: ['## Contact us', '', 'Questions about an order, a download or a licence? Write to us and we will reply within two business days.'].join('\n'),
};
