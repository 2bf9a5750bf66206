// Keys of the shop-wide settings rows, shared by the shoppers' reads and the admin's writes.
export const BANNER_KEY = 'banner';
