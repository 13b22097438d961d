import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { shopContext, type ShopContext } from '../../lib/context.ts';
import { viewerGroupIds } from '../clients/viewer-groups.ts';

/** Who is browsing: the shop and language, and the client groups whose offers they see. */
export interface CatalogViewer extends ShopContext {
  groupIds: number[];
}

export async function catalogViewer(deps: AppDeps, request: FastifyRequest): Promise<CatalogViewer> {
  const { db } = deps.database;
  const ctx = await shopContext(db, deps.config.organisation, request);
  const groupIds = await viewerGroupIds(db, ctx.organisation.id, request);
  return { ...ctx, groupIds };
}
