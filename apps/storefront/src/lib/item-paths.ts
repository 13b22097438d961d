/** Links to catalogue pages (docs/storefront.md §2.1); the server builds its sitemap with the same function. */
export { itemPath, type ItemKind } from '@kassa/domain/rules/item-paths';
