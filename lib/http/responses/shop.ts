import 'server-only';
import type { ShopIdentityDto, ShopPageDto } from '@/lib/contract/shop-identity';
import type { ShopIdentity, ShopPage } from '@/lib/domain/shop-identity';
import { publicMediaUrl } from '@/lib/media';

export function toShopIdentityResponse(identity: ShopIdentity): ShopIdentityDto {
  return {
    name: identity.name,
    logo_url: publicMediaUrl(identity.logoPath),
    hero_image_url: publicMediaUrl(identity.heroImagePath),
    hero_headline: identity.heroHeadline,
    hero_text: identity.heroText,
    social_handle: identity.socialHandle,
    contact_email: identity.contactEmail,
    footer_line: identity.footerLine,
  };
}

export function toShopPageResponse(page: ShopPage): ShopPageDto {
  return {
    slug: page.slug,
    title: page.title,
    path: page.path,
    markdown: page.markdown,
    customised: page.customised,
    updated_at: page.updatedAt?.toISOString() ?? null,
  };
}
