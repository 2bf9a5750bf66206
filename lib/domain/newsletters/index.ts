// Newsletters (issue #29 §4, Decision 096): drafts in Markdown with featured
// products, sent only to customers who consented (the marketing module's
// rule), one delivery row per recipient, in batches under a per-minute cap,
// each recipient at most once, consent re-checked right before each email.
export { createNewsletter, getNewsletterOrThrow, listNewsletters, renderStored, updateNewsletter, type NewsletterInput } from './drafts';
export { newsletterProgress, sendTestNewsletter, type NewsletterProgress } from './progress';
export { renderNewsletter, type FeaturedProduct, type RenderedNewsletter } from './render';
export { parseSegment, segmentName, segmentRecipientsSql, SEGMENT_CATEGORY_PREFIX, type Segment } from './segments';
export {
  NEWSLETTER_BATCH_JOB,
  NEWSLETTER_PER_MINUTE,
  NEWSLETTER_SWEEP_CRON,
  NEWSLETTER_SWEEP_JOB,
  sendNewsletterBatch,
  startSending,
  sweepSendingNewsletters,
} from './sending';
