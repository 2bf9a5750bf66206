// Business constants of SPEC §9 and the shop's identity. Browser-safe.
export const SHOP_NAME = 'Pixel Press Studio';
export const CURRENCY = 'aud';
export const NEW_PRODUCTS_COUNT = 6;
export const CARD_TAG_LIMIT = 2;
export const PRODUCTS_PAGE_SIZE = 48;
export const FOOTER_YEAR = 2025;
export const SHOP_TIME_ZONE = 'Australia/Sydney';
