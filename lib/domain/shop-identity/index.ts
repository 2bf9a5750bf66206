// The shop's own identity (Settings → Shop: name, logo, hero, social handle,
// contact email, footer line) and its own pages (Settings → Pages), Decision 093.
// The identity is one row whose defaults are the shop's original values; every
// email is sent under the configured name.
export { DEFAULT_SHOP_IDENTITY, DEFAULT_PAGES, type ShopIdentity } from './defaults';
export { getShopIdentity, getShopName, saveShopIdentity, type ShopIdentityText } from './identity';
export { setShopImage, removeShopImage, type ShopImageKind } from './images';
export { getShopPage, renderShopPage, saveShopPage, type ShopPage, type RenderedShopPage } from './pages';
