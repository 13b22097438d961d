import { voucherDetailSchema } from '@kassa/domain/contract/catalog';
import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { catalogViewer } from './catalog-viewer.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { getVoucher } from './voucher-service.ts';

export async function voucherRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.now?.() ?? new Date();

  app.get(
    '/vouchers/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A voucher with its values and the codes left of each',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: voucherDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => getVoucher(db, await catalogViewer(deps, request), request.params.id, now()),
  );
}
