// The kinds of marketing email a customer can turn off one by one. Review
// requests and wishlist sale alerts follow from something the customer did
// (a purchase, a saved product) and are on until turned off; the newsletter
// needs consent given first (issue #29), so it is off until turned on.
export const EMAIL_CATEGORIES = ['review_requests', 'wishlist_alerts', 'newsletter'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const SUBSCRIBED_BY_DEFAULT: Record<EmailCategory, boolean> = {
  review_requests: true,
  wishlist_alerts: true,
  newsletter: false,
};

/** How the unsubscribe page and the emails name each category. */
export const CATEGORY_LABELS: Record<EmailCategory, string> = {
  review_requests: 'review requests',
  wishlist_alerts: 'wishlist sale alerts',
  newsletter: 'the newsletter',
};
