/** Links to catalogue pages (spec §2 route table); the server builds its sitemap with the same function. */
export { itemPath, type ItemKind } from '@kassa/domain/rules/item-paths';
